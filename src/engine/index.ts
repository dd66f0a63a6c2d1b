// The engine's one door. apilint runs Spectral with adaptations that make it fast without
// changing a finding: its own parsers and local-ref resolver in place of Spectral's, and a few
// shortcuts and fixes inside Spectral's packages (src/engine/README.md lists them all).
// installEngine installs them, once per thread, when the first Linter is made; with
// `reference: true` it installs none, and the engine is Spectral as published.
import parsers, { type IParser } from '@stoplight/spectral-parsers';
import type { Ruleset, RulesetDefinition } from '@stoplight/spectral-core';
import { Ruleset as SpectralRuleset } from '@stoplight/spectral-core';
import type { Resolver } from '@stoplight/spectral-ref-resolver';
import type { IParserResult } from '@stoplight/types';
import { isMainThread } from 'node:worker_threads';
import { DEPENDENCIES } from '../core/meta.js';
import { installCrawlerPort } from './crawler.js';
import { FastJson, parseJsonFast } from './json-parser.js';
import { withLocalRefFastPath, withoutRefCycles } from './resolve-local.js';
import { installRunnerPort } from './runner.js';
import { installReferencedParsers, installSpeedups, ParsedText, trustedRuleset } from './speedups.js';
import { mismatchNotice, versionMismatches } from './versions.js';
import { FastYaml, installYamlHandoff, readYaml, yamlKeysChecked } from './yaml-ast.js';

export interface EngineOptions {
  /** Spectral as published: no adaptation (APILINT_REFERENCE_ENGINE=1). */
  reference?: boolean;
}

/** How documents are read: the same results whichever engine reads them. */
export interface DocumentReaders {
  /** JSON read fast, or undefined where Spectral's own parser must read the text (always for a `__proto__` key). */
  readJson(text: string): IParserResult | undefined;
  /** YAML, with the syntax tree the alias guard built for the text, if any. */
  readYaml(text: string, ast: unknown): IParserResult;
  /** Whether a result of readYaml is known to hold no `__proto__` key: its reader refused them. */
  yamlKeysChecked(result: IParserResult): boolean;
  /** The parsers Spectral's Document gets, for positions. */
  json: IParser;
  yaml: IParser;
  /** What the resolver is handed for a file the sandbox read and checked: its text, or the text with that check's parse. */
  forResolver(checked: CheckedText): unknown;
}

/** A referenced file's text, checked within the bounds by parsing it with the engine's readers. */
export interface CheckedText {
  text: string;
  /** Read as JSON (its name ends in `.json`), else YAML. */
  json: boolean;
  result: IParserResult;
}

export interface Engine {
  /** True when no adaptation is installed: asked for, or the versions found are not the pinned ones. */
  readonly reference: boolean;
  readonly readers: DocumentReaders;
  /** The resolver Spectral is given, around apilint's sandbox. */
  resolver(sandbox: Resolver): Resolver;
  /** The Spectral ruleset for a definition apilint built (and validated as it read the config). */
  ruleset(definition: RulesetDefinition): Ruleset;
  /** True when resolving the document (its parsed data) showed that no local refs lead only to one another. */
  withoutRefCycles(data: object): boolean;
}

/** Spectral's own parsers: the reference engine's, and for texts read before any engine is installed (configs, baselines). */
export const SPECTRAL_READERS: DocumentReaders = {
  readJson: () => undefined,
  readYaml: text => parsers.Yaml.parse(text) as IParserResult,
  yamlKeysChecked: () => false,
  json: parsers.Json as IParser,
  yaml: parsers.Yaml as IParser,
  forResolver: ({ text }) => text,
};

const REFERENCE: Engine = {
  reference: true,
  readers: SPECTRAL_READERS,
  resolver: sandbox => sandbox,
  ruleset: definition => new SpectralRuleset(definition),
  withoutRefCycles: () => false,
};

const ADAPTED: Engine = {
  reference: false,
  readers: { readJson: parseJsonFast, readYaml, yamlKeysChecked, json: FastJson, yaml: FastYaml, forResolver: checked => new ParsedText(checked) },
  resolver: sandbox => withLocalRefFastPath(sandbox) as unknown as Resolver,
  ruleset: trustedRuleset,
  withoutRefCycles: data => withoutRefCycles.has(data),
};

let installed: { requested: boolean; engine: Engine } | undefined;

/**
 * Installs the engine for this thread and returns it. The adaptations are installed only when
 * every adapted package has the version they were made from; otherwise the engine is Spectral as
 * published, and the main thread says so in one line on stderr. A thread runs one engine: asking
 * for the other one later is an error.
 */
export function installEngine({ reference = false }: EngineOptions = {}): Engine {
  if (installed) {
    if (installed.requested !== reference) throw new Error(`apilint: the ${installed.requested ? 'reference' : 'adapted'} engine is already installed in this thread`);
    return installed.engine;
  }
  let engine = reference ? REFERENCE : ADAPTED;
  if (!reference) {
    const mismatches = versionMismatches(DEPENDENCIES);
    if (mismatches.length > 0) {
      if (isMainThread) process.stderr.write(`${mismatchNotice(mismatches)}\n`);
      engine = REFERENCE;
    } else {
      installSpeedups();
      installCrawlerPort();
      installRunnerPort();
      installReferencedParsers(FastJson, FastYaml);
      installYamlHandoff();
    }
  }
  installed = { requested: reference, engine };
  return engine;
}
