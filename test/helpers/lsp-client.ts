// A Language Server Protocol client for tests: spawns the built `apilint lsp --stdio` (bin/apilint.js,
// so the bundle as users run it) and talks to it with vscode-languageserver-protocol's client side.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

export const BIN = path.resolve(import.meta.dirname, '../../bin/apilint.js');
export const uriOf = (file: string) => pathToFileURL(file).href;

export interface Published {
  uri: string;
  diagnostics: Diagnostic[];
  /** ms since the client started. */
  at: number;
}

export class LspClient {
  readonly process: ChildProcessWithoutNullStreams;
  readonly connection: ProtocolConnection;
  /** Every publishDiagnostics notification, in order. */
  readonly published: Published[] = [];
  stderr = '';
  /** Anything on stdout the protocol reader could not read (there must be none). */
  readonly protocolErrors: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly started = Date.now();
  private waiters: (() => void)[] = [];

  /** `command`: the server's command line (default: this checkout's `apilint lsp --stdio`). */
  constructor(options: { cwd: string; env?: NodeJS.ProcessEnv; command?: string[] }) {
    const [program, ...args] = options.command ?? [process.execPath, BIN, 'lsp', '--stdio'];
    this.process = spawn(program!, args, { cwd: options.cwd, env: { ...process.env, ...options.env } });
    this.process.stderr.on('data', chunk => (this.stderr += String(chunk)));
    this.exited = new Promise(resolve => this.process.on('exit', code => resolve(code)));
    this.connection = createProtocolConnection(new StreamMessageReader(this.process.stdout), new StreamMessageWriter(this.process.stdin));
    this.connection.onError(([error]) => this.protocolErrors.push(error.message));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params: PublishDiagnosticsParams) => {
      this.published.push({ uri: params.uri, diagnostics: params.diagnostics, at: Date.now() - this.started });
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.connection.listen();
  }

  async initialize(rootDir: string, options: { initializationOptions?: unknown; capabilities?: ClientCapabilities } = {}) {
    const result = await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: uriOf(rootDir),
      workspaceFolders: [{ uri: uriOf(rootDir), name: path.basename(rootDir) }],
      capabilities: options.capabilities ?? { workspace: { workspaceEdit: { documentChanges: true } }, window: { showDocument: { support: true } } },
      initializationOptions: options.initializationOptions,
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
    return result;
  }

  /** The latest diagnostics published for `uri` once `accept` takes them (published after `since`, an index into `published`). */
  async diagnostics(uri: string, accept: (d: Diagnostic[]) => boolean = () => true, { since = 0, timeoutMs = 60_000 } = {}): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const latest = this.published.slice(since).filter(p => p.uri === uri).pop();
      if (latest && accept(latest.diagnostics)) return latest.diagnostics;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no accepted diagnostics for ${uri} within ${timeoutMs} ms; last: ${JSON.stringify(latest?.diagnostics.map(d => d.code))}\nstderr: ${this.stderr}`);
      await new Promise<void>(resolve => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async shutdown(): Promise<number | null> {
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    return this.exited;
  }

  kill(): void {
    this.connection.dispose();
    this.process.kill();
  }
}
