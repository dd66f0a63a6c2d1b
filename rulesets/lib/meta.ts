// Where an API's URLs start: 3.x server URLs (document, path item and operation level) and the
// 2.0 `basePath`, reduced to their path part, for the rules that read URL path segments.
import type { JsonPath } from '@stoplight/types';
import { HTTP_METHODS, isObject, isOas2, pathItemEntries, type Obj } from './oas.js';

export interface UrlBase {
  /** The URL as written (`basePath` or `servers[].url`). */
  url: string;
  /** Its path part, with server variables replaced by their defaults. */
  path: string;
  /** JSON path of the string, where findings land. */
  jsonPath: JsonPath;
}

/** The path of an absolute, protocol-relative or relative URL, without query and fragment. */
export function urlPath(url: string): string {
  return url.replace(/^(?:[^:/?#]+:)?\/\/[^/?#]*/, '').replace(/[?#].*$/s, '');
}

/** Non-empty segments of a URL path. */
export const pathSegments = (path: string): string[] => path.split('/').filter(s => s !== '');

/** Where the first segment spelt `segment` starts in `path`. */
export function segmentOffset(path: string, segment: string): number {
  let offset = 0;
  for (const part of path.split('/')) {
    if (part === segment) return offset;
    offset += part.length + 1;
  }
  return 0;
}

/** A server URL with each `{variable}` that has a default replaced by that default. */
function expandVariables(server: Obj): string {
  const variables = isObject(server.variables) ? server.variables : {};
  return String(server.url).replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
}

export function urlBases(root: unknown): UrlBase[] {
  if (!isObject(root)) return [];
  if (isOas2(root)) {
    return typeof root.basePath === 'string' ? [{ url: root.basePath, path: root.basePath, jsonPath: ['basePath'] }] : [];
  }
  const out: UrlBase[] = [];
  const servers = (list: unknown, base: JsonPath) => {
    if (!Array.isArray(list)) return;
    list.forEach((server, i) => {
      if (isObject(server) && typeof server.url === 'string') {
        out.push({ url: server.url, path: urlPath(expandVariables(server)), jsonPath: [...base, 'servers', i, 'url'] });
      }
    });
  };
  servers(root.servers, []);
  // Webhook servers are the consumers' URLs, not the API's.
  for (const [key, item] of pathItemEntries(root, 'paths')) {
    if (!isObject(item)) continue;
    servers(item.servers, ['paths', key]);
    for (const method of HTTP_METHODS) if (isObject(item[method])) servers((item[method] as Obj).servers, ['paths', key, method]);
  }
  return out;
}
