// `apilint lsp --stdio`: a Language Server Protocol server on vscode-languageserver. Diagnostics
// come from the same lint session as `apilint lint` (src/lint/session.ts), run on a lint thread
// (src/lsp/scheduler.ts) over the editor's unsaved text; code actions, hover and the rule docs
// command are answered here. Nothing but protocol goes to stdout: console output goes to stderr.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeAction, Connection, Diagnostic, InitializeParams, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { CONFIG_NAMES } from '../config/config.js';
import { findingInFile, type Finding } from '../core/finding.js';
import { ruleInfo } from '../lint/catalogue.js';
import { isInside } from '../resolve/project.js';
import { findingDiagnostic, hoverText, problemDiagnostic, rangeOf, SOURCE } from './diagnostics.js';
import { ignoreFix, quickFix, Syntax, type Fix } from './edits.js';
import { lsp, TextDocument } from './protocol.js';
import { Scheduler, type Tracked } from './scheduler.js';

const { CodeActionKind, DidChangeWatchedFilesNotification, MarkupKind, TextDocumentSyncKind } = lsp;

/** initializationOptions, or the `apilint` section of the client's settings. */
export interface ServerSettings {
  /** Fetch http(s) `$ref`s, as `--allow-remote` does (default false: nothing goes over the network). */
  allowRemote?: boolean;
  /** Quiet time after an edit before the document is linted again, in ms (default 200). */
  debounceMs?: number;
}

export const SHOW_DOCUMENTATION = 'apilint.showDocumentation';
const DEFAULT_DEBOUNCE_MS = 200;
const LANGUAGES = new Set(['yaml', 'json', 'jsonc']);
const EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/** An open document: the editor's text, and how it is linted. */
interface Open extends Tracked {
  uri: string;
  document: TextDocument;
  /** The files its last lint placed diagnostics in. */
  placed: Set<string>;
}

/** What an open file shows: its diagnostics, and the findings behind them (for hover and code actions). */
interface Shown {
  findings: { finding: Finding; diagnostic: Diagnostic }[];
  diagnostics: Diagnostic[];
}

/** Runs the server on stdin/stdout until the client exits or stdin closes (vscode-languageserver ends the process then). */
export function startServer(workerScript: URL): void {
  // Whatever a dependency prints must not end up in the protocol's stream.
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    console[method] = (...args: unknown[]) => process.stderr.write(`${args.map(String).join(' ')}\n`);
  }
  const connection = lsp.createConnection(lsp.ProposedFeatures.all, process.stdin, process.stdout);
  new Server(connection, workerScript).listen();
}

class Server {
  private readonly documents = new lsp.TextDocuments(TextDocument);
  private readonly open = new Map<string, Open>();
  private readonly scheduler: Scheduler;
  /** What each open file shows now, by URI. */
  private readonly shown = new Map<string, Shown>();
  private folders: string[] = [];
  private settings: ServerSettings = {};
  private canShowDocument = false;
  private documentChanges = false;
  private syntax: { uri: string; version: number; syntax: Syntax } | undefined;

  constructor(
    private readonly connection: Connection,
    workerScript: URL,
  ) {
    this.scheduler = new Scheduler({
      workerScript,
      onOutcome: doc => this.publishAround(doc as Open),
      allowRemote: () => this.settings.allowRemote === true,
      log: message => connection.console.log(message),
    });
  }

  listen(): void {
    const { connection, documents } = this;
    connection.onInitialize((params: InitializeParams) => {
      this.settings = settingsFrom(params.initializationOptions);
      const folders = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: '' }] : []);
      this.folders = folders.flatMap(f => filePath(f.uri) ?? []);
      if (this.folders.length === 0 && params.rootPath) this.folders = [path.resolve(params.rootPath)];
      this.canShowDocument = params.capabilities.window?.showDocument?.support === true;
      this.documentChanges = params.capabilities.workspace?.workspaceEdit?.documentChanges === true;
      const watch = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
      connection.onInitialized(() => {
        // Config files and referenced files changed by other programs; without it, a config is still re-read on the next lint.
        if (watch) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml,json}' }] });
        if (params.capabilities.workspace?.workspaceFolders) connection.workspace.onDidChangeWorkspaceFolders(event => this.foldersChanged(event.added.map(f => f.uri), event.removed.map(f => f.uri)));
      });
      this.scheduler.start();
      return {
        capabilities: {
          textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
          codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
          hoverProvider: true,
          executeCommandProvider: { commands: [SHOW_DOCUMENTATION] },
          workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        },
        serverInfo: { name: 'apilint' },
      };
    });
    connection.onDidChangeConfiguration(({ settings }) => {
      const section = (settings as { apilint?: unknown } | null)?.apilint;
      if (section === undefined) return;
      this.settings = { ...this.settings, ...settingsFrom(section) };
      this.scheduler.relintAll();
    });
    documents.onDidOpen(({ document }) => this.track(document, 0));
    documents.onDidChangeContent(({ document }) => {
      // The open event is followed by a content event for the same version.
      if (this.open.get(document.uri)?.version !== document.version) this.track(document, this.settings.debounceMs ?? DEFAULT_DEBOUNCE_MS);
    });
    documents.onDidClose(({ document }) => this.untrack(document.uri));
    documents.onDidSave(({ document }) => {
      const file = filePath(document.uri);
      if (file && isConfig(file)) this.scheduler.filesChanged([file], true);
    });
    connection.onDidChangeWatchedFiles(({ changes }) => {
      const files = changes.flatMap(c => filePath(c.uri) ?? []);
      this.scheduler.filesChanged(files, files.some(isConfig));
    });
    connection.onCodeAction(params => {
      if (params.context.only && !params.context.only.some(kind => CodeActionKind.QuickFix.startsWith(kind))) return [];
      return this.codeActions(params.textDocument.uri, params.range, params.context.diagnostics);
    });
    connection.onHover(({ textDocument, position }) => {
      const findings = (this.shown.get(textDocument.uri)?.findings ?? []).map(s => s.finding).filter(f => contains(rangeOf(f), position));
      const value = hoverText(findings);
      return value === undefined ? null : { contents: { kind: MarkupKind.Markdown, value } };
    });
    connection.onExecuteCommand(async ({ command, arguments: args }) => {
      const url = args?.[0];
      if (command !== SHOW_DOCUMENTATION || typeof url !== 'string') return;
      if (this.canShowDocument) await connection.window.showDocument({ uri: url, external: true });
      else void connection.window.showInformationMessage(`apilint rule documentation: ${url}`);
    });
    documents.listen(connection);
    connection.listen();
  }

  private track(document: TextDocument, delay: number): void {
    const file = filePath(document.uri);
    if (!file || !(LANGUAGES.has(document.languageId) || EXTENSIONS.has(path.extname(file).toLowerCase()))) return;
    const known = this.open.get(document.uri);
    const open: Open = known ?? { uri: document.uri, file, root: this.rootOf(file), version: document.version, document, placed: new Set(), text: () => open.document.getText() };
    open.document = document;
    open.version = document.version;
    this.open.set(document.uri, open);
    this.scheduler.changed(open, delay);
  }

  private untrack(uri: string): void {
    const open = this.open.get(uri);
    if (!open) return;
    this.open.delete(uri);
    this.scheduler.closed(open.file);
    this.shown.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    // Its findings in other open files go with it.
    this.publishAround(open);
  }

  /** The workspace folder a file is linted from (the innermost that holds it), else its own folder. */
  private rootOf(file: string): string {
    const folders = this.folders.filter(folder => isInside(file, folder)).sort((a, b) => b.length - a.length);
    return folders[0] ?? path.dirname(file);
  }

  private foldersChanged(added: string[], removed: string[]): void {
    const gone = new Set(removed.flatMap(uri => filePath(uri) ?? []));
    this.folders = [...this.folders.filter(f => !gone.has(f)), ...added.flatMap(uri => filePath(uri) ?? [])];
    for (const open of this.open.values()) {
      const root = this.rootOf(open.file);
      if (root === open.root) continue;
      open.root = root;
      this.scheduler.changed(open, 0);
    }
  }

  /** Publishes the diagnostics of a document and of the open files its lint placed something in, before and now. */
  private publishAround(doc: Open): void {
    const placed = new Set<string>();
    const { outcome } = doc;
    if (outcome?.kind === 'findings') for (const f of outcome.findings) placed.add(f.file);
    if (outcome?.kind === 'bad-config') placed.add(outcome.problem.file);
    const files = new Set([doc.file, ...doc.placed, ...placed]);
    doc.placed = placed;
    for (const target of this.open.values()) if (files.has(target.file)) this.publish(target);
  }

  /** A file's diagnostics: its own lint's, and the findings other open documents' lints placed in it. */
  private publish(target: Open): void {
    const lists: Finding[][] = [];
    const diagnostics: Diagnostic[] = [];
    for (const doc of this.open.values()) {
      const outcome = doc.outcome;
      if (outcome?.kind === 'findings') {
        const here = outcome.findings.filter(f => f.file === target.file && !f.suppression);
        if (here.length > 0) lists.push(here);
      } else if (outcome?.kind === 'unlintable' && doc === target) {
        diagnostics.push(problemDiagnostic(outcome.problem, target.file, target.root));
      } else if (outcome?.kind === 'bad-config' && (doc === target || outcome.problem.file === target.file)) {
        const diagnostic = problemDiagnostic(outcome.problem, target.file, target.root);
        const shown = doc === target && outcome.problem.file !== target.file ? { ...diagnostic, message: `Not linted: the config is invalid: ${diagnostic.message}` } : diagnostic;
        if (!diagnostics.some(d => d.message === shown.message)) diagnostics.push(shown);
      }
    }
    // A referenced file's finding reached from two documents is shown once (twice when their settings differ, as the CLI reports it).
    const findings = lists.length <= 1 ? (lists[0] ?? []) : uniqueFindings(lists.flat());
    const entries = findings.map(finding => ({ finding, diagnostic: findingDiagnostic(finding) }));
    for (const { diagnostic } of entries) diagnostics.push(diagnostic);
    const before = this.shown.get(target.uri);
    this.shown.set(target.uri, { findings: entries, diagnostics });
    if (before && sameDiagnostics(before.diagnostics, diagnostics)) return;
    void this.connection.sendDiagnostics({ uri: target.uri, diagnostics });
  }

  private syntaxOf(open: Open): Syntax {
    if (this.syntax?.uri !== open.uri || this.syntax.version !== open.version) {
      this.syntax = { uri: open.uri, version: open.version, syntax: new Syntax(open.document.getText(), open.file.toLowerCase().endsWith('.json')) };
    }
    return this.syntax.syntax;
  }

  /** Actions for the findings the client names (its diagnostics under the cursor), else for those the range touches. */
  private codeActions(uri: string, range: Range, named: readonly Diagnostic[]): CodeAction[] {
    const open = this.open.get(uri);
    const shown = this.shown.get(uri);
    if (!open || !shown) return [];
    const actions: CodeAction[] = [];
    const titles = new Set<string>();
    const add = (action: CodeAction) => {
      if (titles.has(action.title)) return;
      titles.add(action.title);
      actions.push(action);
    };
    // The client's diagnostics by code, message and range: a line of a minified spec names thousands.
    const ours = new Set(named.filter(d => d.source === SOURCE).map(diagnosticKey));
    const wanted = (d: Diagnostic) => (ours.size > 0 ? ours.has(diagnosticKey(d)) : intersects(d.range, range));
    for (const { finding, diagnostic } of shown.findings) {
      if (!wanted(diagnostic)) continue;
      const syntax = this.syntaxOf(open);
      const fix = quickFix(syntax, finding.ruleId, finding.path);
      if (fix) add({ ...this.editAction(open, fix), diagnostics: [diagnostic], isPreferred: true });
      const ignore = finding.ruleId === 'unused-ignore' ? undefined : ignoreFix(syntax, finding.ruleId, finding.path);
      if (ignore) add({ ...this.editAction(open, ignore), diagnostics: [diagnostic] });
      const rule = ruleInfo(finding.ruleId);
      if (rule) {
        const title = `Show documentation for ${rule.id}`;
        add({ title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], command: { title, command: SHOW_DOCUMENTATION, arguments: [rule.docsUrl] } });
      }
    }
    return actions;
  }

  private editAction(open: Open, fix: Fix): CodeAction {
    const { document } = open;
    const edits: TextEdit[] = fix.edits.map(e => ({ range: { start: document.positionAt(e.offset), end: document.positionAt(e.offset + e.length) }, newText: e.text }));
    const edit: WorkspaceEdit = this.documentChanges
      ? { documentChanges: [{ textDocument: { uri: open.uri, version: document.version }, edits }] }
      : { changes: { [open.uri]: edits } };
    return { title: fix.title, kind: CodeActionKind.QuickFix, edit };
  }
}

function uniqueFindings(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter(f => {
    const key = findingInFile(f);
    return !seen.has(key) && seen.add(key);
  });
}

/** Whether two lists show the same (what the editor has need not be sent again). */
function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i]!;
      return x.code === y.code && x.severity === y.severity && x.message === y.message && sameRange(x.range, y.range);
    })
  );
}

function settingsFrom(value: unknown): ServerSettings {
  const raw = (value ?? {}) as Record<string, unknown>;
  return {
    ...(typeof raw.allowRemote === 'boolean' ? { allowRemote: raw.allowRemote } : {}),
    ...(typeof raw.debounceMs === 'number' && raw.debounceMs >= 0 ? { debounceMs: raw.debounceMs } : {}),
  };
}

function filePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.resolve(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

const isConfig = (file: string) => (CONFIG_NAMES as readonly string[]).includes(path.basename(file));

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);
const contains = (range: Range, position: Position) => !before(position, range.start) && !before(range.end, position);
const intersects = (a: Range, b: Range) => !before(a.end, b.start) && !before(b.end, a.start);
const sameRange = (a: Range, b: Range) => !before(a.start, b.start) && !before(b.start, a.start) && !before(a.end, b.end) && !before(b.end, a.end);
/** A diagnostic as code actions match it: its code, message and range. */
const diagnosticKey = (d: Diagnostic) => JSON.stringify([d.code, d.message, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]);
