// A fix inside @stoplight/json-ref-resolver, installed by installEngine (src/engine/index.ts).
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
  }>('json-ref-resolver/utils');
  type Crawler = {
    jsonPointer?: string;
    _runner: { computeRef(opts: object): unknown };
    _resolveRef(opts: object): void;
    computeGraph(target: unknown, parentPath?: string[], parentPointer?: string, pointerStack?: string[]): void;
  };
  const hasOwn = Object.prototype.hasOwnProperty;
  patchOnce(crawlerModule, 'ResolveCrawler', Original => class SafeCrawler extends Original {
    constructor(...args: never[]) {
      super(...args);
      const self = this as unknown as Crawler;
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
