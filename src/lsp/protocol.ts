// vscode-languageserver and its text document, loaded from node_modules when the server starts:
// imported statically, the bundle would load them on every `apilint lint` run too.
import { createRequire } from 'node:module';

const requireCjs = createRequire(import.meta.url);

export const lsp = requireCjs('vscode-languageserver/node') as typeof import('vscode-languageserver/node');
export const { TextDocument } = requireCjs('vscode-languageserver-textdocument') as typeof import('vscode-languageserver-textdocument');
export type TextDocument = import('vscode-languageserver-textdocument').TextDocument;
