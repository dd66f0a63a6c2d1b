// One version of an API for `apilint diff`: its document, the files its `$ref`s reach, and `$ref`
// resolution that keeps where every node is written (file and JSON path), so a finding sits at
// the node's own file and line. Local files are read inside the project only, as for `lint`
// (src/sandbox.ts); remote ones only with --allow-remote. A `$ref` that does not resolve becomes
// a finding (invalid-ref, ref-outside-project, remote-ref) and its node is left out of the
// comparison, never guessed at.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { JsonPath } from '@stoplight/types';
import type { Loc, SchemaNode } from '../../rulesets/diff-rule.js';
import { invalidRef, refOutsideProject, remoteRef } from '../../rulesets/engine/index.js';
import { isKnownRemoteRef } from '../../rulesets/lib/known-refs.js';
import { isObject } from '../../rulesets/lib/oas.js';
import { unescapePointerSegment } from '../../rulesets/lib/pointer.js';
import { InputError } from '../core/errors.js';
import { displayPath, STDIN } from '../core/paths.js';
import type { CheckedText, DocumentReaders } from '../engine/index.js';
import { parseFragment, type LoadedDocument } from '../load/documents.js';
import { externalRefs, mayReferToOtherFiles, REMOTE, targetFile } from '../load/revision.js';
import { Sources } from '../load/sources.js';
import { PROJECT_NAMES, projectRoot, type ProjectRoot } from '../resolve/project.js';
import { fetchBounded, readInside, REMOTE_BUDGET_S } from '../resolve/sandbox.js';

export interface RefProblem {
  ruleId: 'invalid-ref' | 'ref-outside-project' | 'remote-ref';
  message: string;
  /** The object holding the `$ref`. */
  loc: Loc;
}

export interface SideOptions {
  /** The working directory of this version: `$ref`s may read files inside it (or beside the document). */
  cwd: string;
  maxFileSize: number;
  allowRemote: boolean;
  /** How reports name a file of this version (`main:specs/api.yaml` for a git revision). */
  display: (file: string) => string;
  /** How files are read (the engine's readers, src/engine/). */
  readers: DocumentReaders;
  /** The project `$ref`s may read: a revision's tree, or --root; else found from the document as `lint` finds it. */
  root?: string;
  /** Texts that stand in for files on disk: a revision's (src/load/revision.ts). */
  buffered?: (file: string) => string | undefined;
}

/** A referenced file outside the project: refused before it is opened. */
class OutsideProject extends Error {}
const MAX_REF_HOPS = 64;

type Loaded = { data: unknown } | { error: RefProblem['ruleId']; message: string };

export class Side {
  /** Parsed files, for positions and inline ignores. */
  readonly sources: Sources;
  readonly problems: RefProblem[] = [];
  private readonly loaded = new Map<string, Loaded>();
  private readonly reported = new Set<string>();
  /** Each `$ref` from each file, resolved once: the many `$ref`s to one schema are one string. */
  private readonly resolved = new Map<string, SchemaNode | { error: RefProblem['ruleId']; message: string }>();
  /** Remote `$ref`s are fetched within the run's budget, as lint's are. */
  private readonly remoteDeadline = Date.now() + REMOTE_BUDGET_S * 1000;

  private constructor(
    readonly document: LoadedDocument,
    readonly data: unknown,
    private readonly options: SideOptions,
  ) {
    this.sources = new Sources(options.readers, options.buffered, options.maxFileSize);
  }

  /** The document's file; `<stdin>` reads as a file in the working directory, so its refs resolve there. */
  get file(): string {
    return this.document.source === STDIN ? path.join(this.options.cwd, STDIN) : this.document.source;
  }

  display(file: string): string {
    return file === path.join(this.options.cwd, STDIN) ? STDIN : this.options.display(file);
  }

  /** The parsed data of a file of this version, by the name reports give it (meaning keys, src/suppress/keys.ts). */
  dataOf(displayed: string): unknown {
    for (const [file, entry] of this.loaded) if ('data' in entry && this.display(file) === displayed) return entry.data;
    return undefined;
  }

  static async load(document: LoadedDocument, options: SideOptions): Promise<Side> {
    const data = document.parser.parse(document.text).data as unknown;
    const side = new Side(document, data, options);
    side.loaded.set(side.file, { data });
    side.sources.add(side.file, document.text, document.parser);
    await side.preload();
    return side;
  }

  /**
   * Reads every file the `$ref`s reach, before the comparison (which then runs without waiting).
   * Most documents have no `$ref` to another file: a look at the text says so without a walk.
   */
  private async preload(): Promise<void> {
    const queue: string[] = [this.file];
    const seen = new Set(queue);
    const project = projectRoot(this.file, { cwd: this.options.cwd, ...(this.options.root !== undefined ? { root: this.options.root } : {}) });
    const root = project.dir;
    const realRoot = realpath(root).catch(() => root);
    while (queue.length > 0) {
      const file = queue.shift()!;
      const entry = this.loaded.get(file);
      if (!entry || !('data' in entry)) continue;
      const text = this.sources.get(file)?.text ?? '';
      if (!mayReferToOtherFiles(text)) continue;
      for (const ref of externalRefs(entry.data)) {
        const target = targetFile(ref, file);
        if (target === undefined || seen.has(target)) continue;
        seen.add(target);
        this.loaded.set(target, await this.read(target, project, realRoot));
        queue.push(target);
      }
    }
  }

  private async read(target: string, project: ProjectRoot, realRoot: Promise<string>): Promise<Loaded> {
    // A local file comes parsed: the sandbox checks it by parsing it.
    let input: { text: string } | CheckedText;
    if (REMOTE.test(target)) {
      if (!this.options.allowRemote) return { error: 'remote-ref', message: target };
      try {
        input = { text: await fetchBounded(target, { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, deadline: this.remoteDeadline }) };
      } catch (error) {
        return { error: 'invalid-ref', message: invalidRef.messages.unresolved((error as Error).message) };
      }
    } else {
      try {
        input = await readInside(target, project.dir, realRoot, { maxFileSize: this.options.maxFileSize, readers: this.options.readers, ...(this.options.buffered ? { buffered: this.options.buffered } : {}) }, () => {
          throw new OutsideProject();
        });
      } catch (error) {
        const message = (error as Error).message;
        if (error instanceof OutsideProject) {
          // A revision's tree is its git work tree as it was then.
          return { error: 'ref-outside-project', message: PROJECT_NAMES[this.options.root !== undefined ? 'git' : project.kind] };
        }
        // The file as reports name it, not its absolute path (a revision's is in a temporary folder).
        const shown = displayPath(this.display(target), this.options.cwd);
        return { error: 'invalid-ref', message: invalidRef.messages.unresolved(message.startsWith('ENOENT') ? `file ${shown} does not exist` : message.split(target).join(shown)) };
      }
    }
    try {
      const { data, parser } = parseFragment(target, this.options.readers, input);
      this.sources.add(target, input.text, parser);
      return { data };
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      const at = error.line !== undefined ? ` (line ${error.line})` : '';
      return { error: 'invalid-ref', message: invalidRef.messages.unparseable(`${error.message}${at}`) };
    }
  }

  /**
   * The node at `loc`, `$ref`s followed: where its value is written, and the value. In a schema
   * (`schema`), a `$ref` with keywords beside it is kept: its view is the target plus those.
   */
  deref(value: unknown, loc: Loc, schema = false): SchemaNode & { unresolved?: true } {
    let node: SchemaNode = { value, loc };
    const seen = new Set<string>();
    for (let hop = 0; isObject(node.value) && typeof node.value.$ref === 'string'; hop++) {
      if (schema && Object.keys(node.value).length > 1) break;
      const ref = node.value.$ref;
      const key = `${node.loc.file}#${ref}`;
      if (seen.has(key) || hop >= MAX_REF_HOPS) return this.fail(node, 'invalid-ref', invalidRef.messages.unresolved(`${ref} refers to itself in a loop.`));
      seen.add(key);
      const target = this.resolve(ref, node.loc.file);
      if ('error' in target) return this.fail(node, target.error, target.message);
      node = target;
    }
    return node.loc === loc ? node : { ...node, at: loc };
  }

  /**
   * `value` (written in `file`) with its `$ref`s followed, or undefined where one does not
   * resolve. Reports nothing: for telling whether two nodes are the same (same.ts).
   */
  target(value: unknown, file: string): { value: unknown; file: string } | undefined {
    let node = { value, file };
    const seen = new Set<string>();
    for (let hop = 0; isObject(node.value) && typeof node.value.$ref === 'string'; hop++) {
      const key = `${node.file}#${node.value.$ref}`;
      if (seen.has(key) || hop >= MAX_REF_HOPS) return undefined;
      seen.add(key);
      const target = this.resolve(node.value.$ref, node.file);
      if ('error' in target) return undefined;
      node = { value: target.value, file: target.loc.file };
    }
    return node;
  }

  /** A child of a node, `$ref`s followed. */
  child(node: SchemaNode, ...keys: (string | number)[]): (SchemaNode & { unresolved?: true }) | undefined {
    return this.at(node, keys, false);
  }

  /** A schema below a node: `$ref`s followed unless keywords stand beside them (see deref). */
  schema(node: SchemaNode, ...keys: (string | number)[]): (SchemaNode & { unresolved?: true }) | undefined {
    return this.at(node, keys, true);
  }

  private at(node: SchemaNode, keys: (string | number)[], schema: boolean): (SchemaNode & { unresolved?: true }) | undefined {
    let value = node.value;
    for (const key of keys) {
      if (!isObject(value) && !Array.isArray(value)) return undefined;
      value = (value as Record<string | number, unknown>)[key];
    }
    return value === undefined ? undefined : this.deref(value, { file: node.loc.file, path: [...node.loc.path, ...keys] }, schema);
  }

  private resolve(ref: string, from: string): SchemaNode | { error: RefProblem['ruleId']; message: string } {
    const key = `${from}\u0000${ref}`;
    let target = this.resolved.get(key);
    if (!target) this.resolved.set(key, (target = this.readRef(ref, from)));
    return target;
  }

  private readRef(ref: string, from: string): SchemaNode | { error: RefProblem['ruleId']; message: string } {
    const hash = ref.indexOf('#');
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    const pointer = hash < 0 ? '' : ref.slice(hash + 1);
    const file = filePart === '' ? from : targetFile(ref, from);
    if (file === undefined) return { error: 'invalid-ref', message: invalidRef.messages.unresolved(`${ref} is not a file or URL apilint reads.`) };
    const entry = this.loaded.get(file);
    if (!entry) return { error: 'invalid-ref', message: invalidRef.messages.unresolved(ref) };
    if (!('data' in entry)) {
      if (entry.error === 'remote-ref') {
        return isKnownRemoteRef(ref)
          ? { error: 'remote-ref', message: '' }
          : { error: 'remote-ref', message: remoteRef.messages.notFetched(entry.message) };
      }
      return { error: entry.error, message: entry.error === 'ref-outside-project' ? refOutsideProject.messages.refused(ref, entry.message) : entry.message };
    }
    const jsonPath = pointerToPath(pointer);
    if (!jsonPath) return { error: 'invalid-ref', message: invalidRef.messages.unresolved(`${ref} is not a JSON pointer.`) };
    let value = entry.data;
    for (const segment of jsonPath) {
      if (!isObject(value) && !Array.isArray(value)) return { error: 'invalid-ref', message: invalidRef.messages.unresolved(`${ref} names no node.`) };
      value = (value as Record<string, unknown>)[segment];
      if (value === undefined) return { error: 'invalid-ref', message: invalidRef.messages.unresolved(`${ref} names no node.`) };
    }
    return { value, loc: { file, path: jsonPath } };
  }

  private fail(node: SchemaNode, ruleId: RefProblem['ruleId'], message: string): SchemaNode & { unresolved: true } {
    const key = `${node.loc.file}\u0000${node.loc.path.join('\u0000')}`;
    // A well-known remote schema (the Problem JSON schema) is not reported, as in `lint`.
    if (message !== '' && !this.reported.has(key)) {
      this.reported.add(key);
      this.problems.push({ ruleId, message, loc: node.loc });
    }
    return { ...node, unresolved: true };
  }
}

/** RFC 6901 pointer (URI-encoded, as in `$ref`s) to a path; undefined when it is not one. */
export function pointerToPath(pointer: string): JsonPath | undefined {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map(segment => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // Taken as written.
      }
      return unescapePointerSegment(decoded);
    });
}
