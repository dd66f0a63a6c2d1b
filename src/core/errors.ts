/**
 * Anything that makes an input unlintable (a document, a referenced file, a config, a baseline),
 * with the file and, where known, the line and column: the CLI prints it as one line and exits 2.
 */
export class InputError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}
