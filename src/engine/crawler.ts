// Fixes inside @stoplight/json-ref-resolver, installed by installEngine (src/engine/index.ts).
import { MAX_REF_FILE_CHAIN } from '../load/limits.js';
import { internalModule } from './internals.js';
import { patchOnce } from './patch.js';

/**
 * @stoplight/json-ref-resolver walks a document with `target.hasOwnProperty(key)`, which throws
 * when the document itself has a key named `hasOwnProperty` (a schema property, say): the whole
 * file failed as an internal error. Its crawler is replaced by a subclass whose walk is the same
 * but asks `Object.prototype.hasOwnProperty` instead. Found by test/fuzz.test.ts.
 */
export function installCrawlerFix(): void {
  const crawlerModule = internalModule<{ ResolveCrawler: new (...args: never[]) => object }>('json-ref-resolver/crawler');
  const utils = internalModule<{
    addToJSONPointer(pointer: string, part: string): string;
    uriToJSONPointer(ref: unknown): string;
    uriIsJSONPointer(ref: unknown): boolean;
  }>('json-ref-resolver/utils');
  type Runner = { computeRef(opts: object): unknown; atMaxUriDepth(): boolean; uriStack: string[]; baseUri: unknown; depth: number; dereferenceRemote: boolean };
  type RefOpts = { ref: unknown; parentPath: string[]; pointerStack: string[] } & Record<string, unknown>;
  type Crawler = {
    jsonPointer?: string;
    _runner: Runner;
    _resolved: { errors: object[] };
    _resolveRef(opts: RefOpts): void;
    computeGraph(target: unknown, parentPath?: string[], parentPointer?: string, pointerStack?: string[]): void;
  };
  const hasOwn = Object.prototype.hasOwnProperty;
  patchOnce(crawlerModule, 'ResolveCrawler', Original => class SafeCrawler extends Original {
    constructor(...args: never[]) {
      super(...args);
      const self = this as unknown as Crawler;
      const runner = self._runner;
      // The resolver follows a chain of files 100 deep and then stops without a word: the rest of
      // the chain went unlinted, its findings lost. Chains are followed up to the bound on files
      // (each file deeper keeps the whole chain in hand, so the bound keeps that quadratic cost
      // small), and where one goes deeper the ref says so as an error.
      runner.atMaxUriDepth = () => runner.uriStack.length >= MAX_REF_FILE_CHAIN;
      const resolveRef = self._resolveRef;
      self._resolveRef = opts => {
        if (runner.dereferenceRemote && !utils.uriIsJSONPointer(opts.ref) && runner.atMaxUriDepth()) {
          self._resolved.errors.push({
            code: 'RESOLVE_URI',
            message: `a chain of $refs through more than ${MAX_REF_FILE_CHAIN.toLocaleString('en-US')} files: not followed further`,
            uri: opts.ref,
            uriStack: runner.depth !== 0 ? [...runner.uriStack, String(runner.baseUri)] : runner.uriStack,
            pointerStack: opts.pointerStack,
            path: [...opts.parentPath],
          });
        }
        resolveRef(opts);
      };
      self.computeGraph = (target, parentPath = [], parentPointer = '#', pointerStack = []) => {
        if (!parentPointer) parentPointer = '#';
        let ref = self._runner.computeRef({ val: target, jsonPointer: parentPointer, pointerStack });
        if (ref !== undefined) {
          self._resolveRef({ ref, val: target, parentPath, pointerStack, parentPointer, cacheKey: parentPointer, resolvingPointer: self.jsonPointer });
        } else if (typeof target === 'object' && target !== null) {
          for (const key in target) {
            if (!hasOwn.call(target, key)) continue;
            const val = (target as Record<string, unknown>)[key];
            const currentPointer = utils.addToJSONPointer(parentPointer, key);
            ref = self._runner.computeRef({ key, val, jsonPointer: currentPointer, pointerStack });
            parentPath.push(key);
            if (ref !== undefined) {
              self._resolveRef({ ref, val, parentPath, parentPointer: currentPointer, pointerStack, cacheKey: utils.uriToJSONPointer(ref), resolvingPointer: self.jsonPointer });
            } else if (typeof val === 'object') {
              self.computeGraph(val, parentPath, currentPointer, pointerStack);
            }
            parentPath.pop();
          }
        }
      };
    }
  });
}
