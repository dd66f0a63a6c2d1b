// The VS Code side of apilint: starts `apilint lsp --stdio` (see the README's Editors section) for
// YAML and JSON files and leaves everything else (diagnostics, code actions, hover) to the server.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/**
 * How to start the server: `apilint.path` if set, else the workspace's own install
 * (node_modules/.bin/apilint), else `apilint` on the PATH. A JavaScript file runs on VS Code's
 * Node; anything else is run as a program. The client appends `--stdio`.
 */
function serverOptions(): ServerOptions {
  const configured = workspace.getConfiguration('apilint').get<string>('path')?.trim();
  const local = (workspace.workspaceFolders ?? []).map(f => path.join(f.uri.fsPath, 'node_modules', '.bin', 'apilint')).find(existsSync);
  const target = configured || (local && realpathSync(local)) || 'apilint';
  return target.endsWith('.js') ? { module: target, args: ['lsp'], transport: TransportKind.stdio } : { command: target, args: ['lsp'], transport: TransportKind.stdio };
}

export async function activate(context: ExtensionContext): Promise<void> {
  const settings = workspace.getConfiguration('apilint');
  client = new LanguageClient('apilint', 'apilint', serverOptions(), {
    documentSelector: ['yaml', 'json', 'jsonc'].map(language => ({ scheme: 'file', language })),
    initializationOptions: { allowRemote: settings.get<boolean>('allowRemote'), debounceMs: settings.get<number>('debounceMs') },
    // Changes of the apilint settings reach the server as workspace/didChangeConfiguration.
    synchronize: { configurationSection: 'apilint' },
  });
  context.subscriptions.push(client);
  await client.start();
}

export function deactivate(): Promise<void> | undefined {
  return client?.stop();
}
