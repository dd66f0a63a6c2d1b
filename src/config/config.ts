// `.apilint.yaml` / `.apilint.yml` / `.apilint.json`. Each document is linted with the nearest
// config file from its own folder upward (the working directory for stdin), or with the one named
// by --config, so that a run from any folder gives the same findings. Validated up front: a config
// that does not validate is an input error (exit 2) with the file, line and reason, so a typo
// never silently turns a rule off.
//
// `extends` takes presets (apilint:recommended, apilint:all), paths to other config files and
// packages that export one (their package.json `main` or `exports` names a YAML or JSON file),
// resolved from the config file's folder. The chain is merged in order, later over earlier: the
// extended configs in the order listed, then the file's own settings. Configs stay data: nothing
// an `extends` names is run.
import { realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import parsers from '@stoplight/spectral-parsers';
import type { JsonPath } from '@stoplight/types';
import type { RuleSetting } from '../../rulesets/index.js';
import { InputError } from '../core/errors.js';
import { displayPath, statIfAny, STDIN } from '../core/paths.js';
import { SEVERITIES, type Severity } from '../core/severity.js';
import { catalogue } from '../lint/catalogue.js';
import { DEFAULT_MAX_FILE_SIZE, readSourceSync } from '../load/limits.js';
import { SPECTRAL_READERS } from '../engine/index.js';
import { parseGuarded, withoutContent } from '../load/parse.js';
import { linearPattern } from '../../rulesets/lib/pattern.js';
import { lazyRequire } from '../../rulesets/lib/require.js';
import { globsMatcher } from './glob.js';

// Loaded on demand: most runs have no config or validate only a few options.
const requireCjs = createRequire(import.meta.url);

export const CONFIG_NAMES = ['.apilint.yaml', '.apilint.yml', '.apilint.json'] as const;
/** Each preset and whether it turns on the rules that are off by default. */
const PRESETS: Record<string, boolean> = { 'apilint:recommended': false, 'apilint:all': true };
const TOP_LEVEL = ['extends', 'rules', 'overrides', 'ignore'] as const;
const CONFIG_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

export type Settings = Map<string, RuleSetting>;

export interface Config {
  /** Absolute path of the config file in use, if there is one. */
  file?: string;
  /** Every file of its `extends` chain, the config file in use last. */
  files: readonly string[];
  all: boolean;
  rules: Settings;
  overrides: { matches: (file: string) => boolean; rules: Settings }[];
  /** Files the config excludes from linting. */
  ignores: (file: string) => boolean;
}

/** The config of each document. */
export interface Configs {
  configFor(document: string): Config;
}

export const EMPTY_CONFIG: Config = { files: [], all: false, rules: new Map(), overrides: [], ignores: () => false };

/** The nearest config file from `dir` upward, or the one named with --config (relative to `dir`). */
export function findConfig(dir: string, explicit?: string): string | undefined {
  if (explicit) return path.resolve(dir, explicit);
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    for (const name of CONFIG_NAMES) {
      const file = path.join(current, name);
      if (statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
    }
    if (path.dirname(current) === current) return undefined;
  }
}

/** The config found from `cwd` upward, or named with --config. */
export async function loadConfig(cwd: string, explicit?: string, maxFileSize = DEFAULT_MAX_FILE_SIZE): Promise<Config> {
  const file = findConfig(cwd, explicit);
  return file ? readConfig(file, cwd, maxFileSize) : EMPTY_CONFIG;
}

/**
 * Finds and reads the config of each document, once per folder and file. A config that does
 * not validate throws its InputError for every document that uses it.
 */
export class ConfigLookup implements Configs {
  private readonly nearest = new Map<string, string | undefined>();
  private readonly read = new Map<string, Config | InputError>();

  constructor(private readonly options: { cwd: string; config?: string; noConfig?: boolean; maxFileSize?: number }) {}

  /** The config file a document is linted with, if any. */
  private fileFor(document: string): string | undefined {
    const { cwd, config, noConfig } = this.options;
    if (noConfig) return undefined;
    if (config !== undefined) return path.resolve(cwd, config);
    const dir = document === STDIN ? path.resolve(cwd) : path.dirname(path.resolve(cwd, document));
    if (!this.nearest.has(dir)) this.nearest.set(dir, findConfig(dir));
    return this.nearest.get(dir);
  }

  configFor(document: string): Config {
    const file = this.fileFor(document);
    if (file === undefined) return EMPTY_CONFIG;
    let config = this.read.get(file);
    if (config === undefined) {
      try {
        config = readConfig(file, this.options.cwd, this.options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        config = error;
      }
      this.read.set(file, config);
    }
    if (config instanceof InputError) throw config;
    return config;
  }
}

/**
 * Reads a config file and the chain it extends. `cwd` only shapes the paths in messages. A pull
 * request can edit a config, so each file is read like any document: within `maxFileSize` and the
 * nesting, alias and key bounds (src/load/parse.ts).
 */
function readConfig(file: string, cwd: string, maxFileSize: number): Config {
  return merge(file, loadLayers(file, [], undefined, cwd, maxFileSize));
}

/** One file's own settings (or a preset named in its `extends`), before merging. */
interface Layer {
  file: string;
  all?: boolean;
  rules: Settings;
  overrides: Config['overrides'];
  ignores?: (file: string) => boolean;
}

type Fail = (jsonPath: JsonPath, message: string, at?: 'key' | 'value') => never;

/**
 * The layers of `file`: those of each config it extends, in order, then its own. `chain` holds
 * the real paths of the files that extend it, for cycles. Globs are relative to the file's
 * folder, except in a config from a package, whose globs are relative to the folder of the
 * config that extends it (`globBase`): an organisation's `ignore: [generated/**]` is about each
 * repository's files, not the package's.
 */
function loadLayers(file: string, chain: readonly string[], globBase: string | undefined, cwd: string, maxFileSize: number): Layer[] {
  let text: string;
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    throw new InputError(file, 'cannot read the config file');
  }
  text = readSourceSync(file, maxFileSize);
  const json = file.endsWith('.json');
  const parser = json ? parsers.Json : parsers.Yaml;
  const parsed = parseGuarded(text, file, { json, readers: SPECTRAL_READERS, syntax: 'keep' });
  const syntax = parsed.diagnostics.find(d => d.severity === 0);
  if (syntax) throw new InputError(file, `invalid config: ${withoutContent(syntax.message)}`, syntax.range.start.line + 1, syntax.range.start.character + 1);
  const position = (jsonPath: JsonPath, at: 'key' | 'value' = 'value') => {
    const start = parser.getLocationForJsonPath(parsed as never, jsonPath, true)?.range.start;
    if (!start) return {};
    let column = start.character + 1;
    // Positions are those of the value; an unknown key is better shown at the key itself.
    const key = jsonPath[jsonPath.length - 1];
    if (at === 'key' && typeof key === 'string') {
      const found = (text.split('\n')[start.line] ?? '').lastIndexOf(key, start.character);
      if (found >= 0) column = found + 1;
    }
    return { line: start.line + 1, column };
  };
  const fail: Fail = (jsonPath, message, at = 'value') => {
    const { line, column } = position(jsonPath, at);
    throw new InputError(file, `invalid config: ${message}`, line, column);
  };

  const data = parsed.data ?? {};
  if (!isPlainObject(data)) fail([], 'the config must be a mapping of extends, rules, overrides and ignore');
  const config = data as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (!(TOP_LEVEL as readonly string[]).includes(key)) fail([key], `unknown key "${key}"${suggest(key, TOP_LEVEL)}; expected ${TOP_LEVEL.join(', ')}`, 'key');
  }
  const inPackage = file.split(path.sep).includes('node_modules');
  const base = inPackage && globBase !== undefined ? globBase : path.dirname(file);
  const here = [...chain, real];

  const layers: Layer[] = [];
  const links = config.extends === undefined ? [] : Array.isArray(config.extends) ? config.extends : [config.extends];
  links.forEach((link, i) => {
    const at: JsonPath = Array.isArray(config.extends) ? ['extends', i] : ['extends'];
    if (typeof link !== 'string' || link === '') fail(at, `extends takes presets (${Object.keys(PRESETS).join(', ')}), config file paths and package names, not ${JSON.stringify(link)}`);
    if (Object.hasOwn(PRESETS, link)) {
      layers.push({ file, all: PRESETS[link], rules: new Map(), overrides: [] });
      return;
    }
    if (link.startsWith('apilint:')) fail(at, `unknown preset ${JSON.stringify(link)}${suggest(link, Object.keys(PRESETS))}; expected ${Object.keys(PRESETS).join(' or ')}`);
    const target = resolveLink(link, file, cwd, message => fail(at, message));
    const targetReal = realpathSync(target);
    if (here.includes(targetReal)) {
      const cycle = [...here.slice(here.indexOf(targetReal)), targetReal].map(f => displayPath(f, cwd));
      fail(at, `extends ${JSON.stringify(link)} makes a cycle: ${cycle.join(' → ')}`);
    }
    try {
      for (const layer of loadLayers(target, here, base, cwd, maxFileSize)) layers.push(layer);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      // The error names the file and line where it is; say which link led there.
      const { line, column } = position(at);
      const via = [displayPath(file, cwd), line, column].filter(x => x !== undefined).join(':');
      throw new InputError(error.file, `${error.message} (extended from ${via})`, error.line, error.column);
    }
  });

  if (config.overrides !== undefined && !Array.isArray(config.overrides)) fail(['overrides'], 'overrides must be a list of { files, rules }');
  layers.push({
    file,
    rules: validateRules(config.rules, ['rules'], fail),
    overrides: ((config.overrides ?? []) as unknown[]).map((entry, i) => {
      if (!isPlainObject(entry)) fail(['overrides', i], 'an override is a mapping with files and rules');
      const { files, rules, ...rest } = entry as Record<string, unknown>;
      const extra = Object.keys(rest)[0];
      if (extra !== undefined) fail(['overrides', i, extra], `unknown key "${extra}" in an override; expected files and rules`, 'key');
      return { matches: globMatcher(files, base, ['overrides', i, 'files'], fail), rules: validateRules(rules, ['overrides', i, 'rules'], fail) };
    }),
    ...(config.ignore === undefined ? {} : { ignores: globMatcher(config.ignore, base, ['ignore'], fail) }),
  });
  return layers;
}

/**
 * The config file an `extends` entry names: a path (`./org.yaml`, `../x.json`, absolute) from
 * the config's folder, or a package (`@acme/apilint-config`, `@acme/apilint-config/strict.yaml`)
 * as Node resolves it from the config's folder, else from apilint's own installation (a global
 * install beside it, or pre-commit's additional_dependencies).
 */
function resolveLink(link: string, from: string, cwd: string, fail: (message: string) => never): string {
  const dir = path.dirname(from);
  const isConfigFile = (file: string) => statIfAny(file)?.isFile() === true;
  if (/^\.{1,2}([\\/]|$)/.test(link) || path.isAbsolute(link)) {
    const file = path.resolve(dir, link);
    if (!isConfigFile(file)) fail(`extends ${JSON.stringify(link)}: no such file ${displayPath(file, cwd)}`);
    return file;
  }
  let resolved: string | undefined;
  for (const require of [createRequire(path.join(dir, 'noop.js')), requireCjs]) {
    try {
      resolved = require.resolve(link);
      break;
    } catch {
      // Not from there: try the next place.
    }
  }
  const name = /^(@[^/]+\/)?[^/]+/.exec(link)?.[0] ?? link;
  if (resolved === undefined) {
    if (isConfigFile(path.resolve(dir, link))) fail(`extends ${JSON.stringify(link)}: no package of that name; for the file beside the config, write "./${link}"`);
    fail(`extends ${JSON.stringify(link)}: cannot find the package ${name} from ${dir === path.resolve(cwd) ? '.' : displayPath(dir, cwd)}: install it (npm install --save-dev ${name}), or give a path (./file.yaml)`);
  }
  if (!CONFIG_EXTENSIONS.has(path.extname(resolved).toLowerCase())) {
    fail(`extends ${JSON.stringify(link)}: ${displayPath(resolved, cwd)} is not a config file: a config package's "main" or "exports" names a YAML or JSON file`);
  }
  return resolved;
}

/**
 * The layers merged in order, later over earlier. Rule settings merge per rule (a severity alone
 * keeps the options set before it). An override applies after everything before it, so a later
 * file's rules for all files also come after an earlier file's overrides.
 */
function merge(file: string, layers: Layer[]): Config {
  let all = false;
  const rules: Settings = new Map();
  const overrides: Config['overrides'] = [];
  const ignores: ((file: string) => boolean)[] = [];
  for (const layer of layers) {
    if (layer.all !== undefined) all = layer.all;
    if (overrides.length === 0) mergeSettings(rules, layer.rules);
    else if (layer.rules.size > 0) overrides.push({ matches: () => true, rules: layer.rules });
    for (const override of layer.overrides) overrides.push(override);
    if (layer.ignores) ignores.push(layer.ignores);
  }
  return { file, files: [...new Set(layers.map(l => l.file))], all, rules, overrides, ignores: f => ignores.some(ignored => ignored(f)) };
}

function mergeSettings(into: Settings, from: Settings): void {
  for (const [id, setting] of from) into.set(id, { ...into.get(id), ...setting });
}

function validateRules(rules: unknown, at: JsonPath, fail: Fail): Settings {
  const settings: Settings = new Map();
  if (rules === undefined) return settings;
  if (!isPlainObject(rules)) fail(at, 'rules must map rule ids to a severity or [severity, options]');
  for (const [id, value] of Object.entries(rules as Record<string, unknown>)) {
    const rule = catalogue.find(r => r.id === id);
    if (!rule) fail([...at, id], `unknown rule "${id}"${suggest(id, catalogue.map(r => r.id))}`, 'key');
    const [severity, options] = Array.isArray(value) ? value : [value, undefined];
    if (severity !== 'off' && !(SEVERITIES as readonly unknown[]).includes(severity)) {
      fail(Array.isArray(value) ? [...at, id, 0] : [...at, id], `rule "${id}": severity must be off, ${SEVERITIES.join(', ')}, not ${JSON.stringify(severity)}`);
    }
    if (Array.isArray(value) && value.length > 2) fail([...at, id], `rule "${id}": expected [severity, options]`);
    if (options !== undefined) validateOptions(rule!, options, [...at, id, 1], fail);
    settings.set(id, { severity: severity as Severity | 'off', ...(options !== undefined ? { options: options as Record<string, unknown> } : {}) });
  }
  return settings;
}

function validateOptions(rule: (typeof catalogue)[number], options: unknown, at: JsonPath, fail: Fail): void {
  if (!rule.options) fail(at, `rule "${rule.id}" has no options`);
  if (!isPlainObject(options)) fail(at, `rule "${rule.id}": options must be a mapping`);
  const known = Object.keys(rule.options!.schema.properties);
  for (const [name, value] of Object.entries(options as Record<string, unknown>)) {
    if (!known.includes(name)) fail([...at, name], `rule "${rule.id}" has no option "${name}"${suggest(name, known)}; its options are ${known.join(', ')}`, 'key');
    const schema = rule.options!.schema.properties[name]!;
    // A pattern is compiled now, on the engine it runs on: a bad one is this config's error, not every file's.
    const pattern = (schema as { format?: string }).format === 'regex' && typeof value === 'string' ? linearPattern(value) : undefined;
    if (pattern && 'problem' in pattern) fail([...at, name], `rule "${rule.id}": option "${name}" is not a regular expression apilint can run: ${pattern.problem}`);
    const problem = checkValue(value, schema);
    if (problem) fail([...at, name], `rule "${rule.id}": option "${name}" ${problem}`);
  }
}

/** Validates one option value against its JSON schema; the message names what is expected. */
function checkValue(value: unknown, schema: Record<string, unknown>): string | undefined {
  const validate = ajv().compile(schema);
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  return error ? `${error.instancePath ? `at ${error.instancePath} ` : ''}${error.message}` : 'is invalid';
}

let ajvInstance: import('ajv').default | undefined;
function ajv(): import('ajv').default {
  if (!ajvInstance) {
    // The bundle's own copy (the installed one took 20 ms to load, file by file). The schemas are
    // apilint's rule options, each checked against the JSON Schema meta-schema by the catalogue's
    // test; compiling that meta-schema again took 25 ms of every run whose config set an option.
    const Ajv = lazyRequire<{ default: typeof import('ajv').default }>('ajv').default;
    ajvInstance = new Ajv({ allErrors: false, strict: false, validateSchema: false });
    // Checked by validateOptions, on RE2.
    ajvInstance.addFormat('regex', true);
  }
  return ajvInstance;
}

function globMatcher(globs: unknown, base: string, at: JsonPath, fail: Fail): (file: string) => boolean {
  const list = typeof globs === 'string' ? [globs] : globs;
  if (!Array.isArray(list) || list.length === 0 || !list.every(g => typeof g === 'string' && g !== '')) {
    fail(at, 'expected a list of glob patterns');
  }
  (list as string[]).forEach((glob, i) => {
    const one = globsMatcher([glob]);
    if ('problem' in one) fail(Array.isArray(globs) ? [...at, i] : at, one.problem);
  });
  const matcher = globsMatcher(list as string[]) as { matches: (relative: string) => boolean };
  return (file: string) => {
    const rel = path.relative(base, file).split(path.sep).join('/');
    return !rel.startsWith('../') && matcher.matches(rel);
  };
}

/** The settings for one file: the config's rules, then every override whose globs match it. */
export function settingsFor(config: Config, file: string): Settings {
  const matching = config.overrides.filter(o => o.matches(file));
  if (matching.length === 0) return config.rules;
  const merged: Settings = new Map(config.rules);
  for (const o of matching) mergeSettings(merged, o.rules);
  return merged;
}

function suggest(word: string, candidates: readonly string[]): string {
  const { closest, distance } = requireCjs('fastest-levenshtein') as typeof import('fastest-levenshtein');
  if (candidates.length === 0) return '';
  const best = closest(word, [...candidates]);
  return distance(word, best) <= Math.max(2, Math.floor(word.length / 3)) ? `: did you mean "${best}"?` : '';
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
