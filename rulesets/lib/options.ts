// Option schemas that many rules share.

/** A list of strings (names, words, media types): the most common rule option. */
export const stringList = (description: string, { nonEmpty = false }: { nonEmpty?: boolean } = {}) =>
  ({ type: 'array', items: nonEmpty ? { type: 'string', minLength: 1 } : { type: 'string' }, description }) as const;
