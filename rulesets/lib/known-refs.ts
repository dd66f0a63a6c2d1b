// Remote schemas apilint knows by their URL, so that a spec referencing them is judged correctly
// without fetching them (nothing is fetched unless the user passes --allow-remote).

/** The canonical Problem JSON schema (RFC 9457) as published with the Zalando guidelines. */
const PROBLEM_URLS = [
  /^https?:\/\/opensource\.zalando\.com\/problem\/schema\.yaml#\/Problem$/i,
  /^https?:\/\/zalando\.github\.io\/problem\/schema\.yaml#\/Problem$/i,
];

export const isProblemRef = (ref: unknown): boolean => typeof ref === 'string' && PROBLEM_URLS.some(re => re.test(ref.trim()));

/** Remote documents whose content apilint knows (URL with or without fragment): not fetching them loses nothing. */
export const isKnownRemoteRef = (url: string): boolean => isProblemRef(url.includes('#') ? url : `${url}#/Problem`);
