// `.apilint.yaml` / `.apilint.json`: found from the working directory upward or given with
// --config. Validated up front: a config that does not validate is an input error (exit 2) with
// the file, line and reason, so a typo never silently turns a rule off.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import parsers from '@stoplight/spectral-parsers';
import type { JsonPath } from '@stoplight/types';
import type { RuleSetting } from '../../rulesets/index.js';
import { InputError } from '../core/errors.js';
import { SEVERITIES, type Severity } from '../core/severity.js';
import { catalogue } from '../lint/catalogue.js';

// Loaded on demand: most runs have no config or validate only a few options.
const requireCjs = createRequire(import.meta.url);

export const CONFIG_NAMES = ['.apilint.yaml', '.apilint.yml', '.apilint.json'] as const;
const PRESETS = ['apilint:recommended', 'apilint:all'] as const;
const TOP_LEVEL = ['extends', 'rules', 'overrides', 'ignore'] as const;

export type Settings = Map<string, RuleSetting>;

export interface Config {
  /** Absolute path of the config file, if one was found. */
  file?: string;
  all: boolean;
  rules: Settings;
  overrides: { matches: (file: string) => boolean; rules: Settings }[];
  /** Files the config excludes from linting. */
  ignores: (file: string) => boolean;
}

export const EMPTY_CONFIG: Config = { all: false, rules: new Map(), overrides: [], ignores: () => false };

/** The nearest config file from `cwd` upward, or the one named with --config. */
export function findConfig(cwd: string, explicit?: string): string | undefined {
  if (explicit) return path.resolve(cwd, explicit);
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    for (const name of CONFIG_NAMES) {
      const file = path.join(dir, name);
      if (statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

export async function loadConfig(cwd: string, explicit?: string): Promise<Config> {
  const file = findConfig(cwd, explicit);
  if (!file) return EMPTY_CONFIG;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError(file, 'cannot read the config file');
  }
  const parser = file.endsWith('.json') ? parsers.Json : parsers.Yaml;
  const parsed = parser.parse(text);
  const syntax = parsed.diagnostics.find(d => d.severity === 0);
  if (syntax) throw new InputError(file, `invalid config: ${syntax.message}`, syntax.range.start.line + 1, syntax.range.start.character + 1);
  const fail = (jsonPath: JsonPath, message: string, at: 'key' | 'value' = 'value'): never => {
    const start = parser.getLocationForJsonPath(parsed as never, jsonPath, true)?.range.start;
    let column = start && start.character + 1;
    // Positions are those of the value; an unknown key is better shown at the key itself.
    const key = jsonPath[jsonPath.length - 1];
    if (start && at === 'key' && typeof key === 'string') {
      const found = (text.split('\n')[start.line] ?? '').lastIndexOf(key, start.character);
      if (found >= 0) column = found + 1;
    }
    throw new InputError(file, `invalid config: ${message}`, start && start.line + 1, column);
  };
  return validateConfig(parsed.data ?? {}, file, fail);
}

type Fail = (jsonPath: JsonPath, message: string, at?: 'key' | 'value') => never;

function validateConfig(data: unknown, file: string, fail: Fail): Config {
  if (!isPlainObject(data)) fail([], 'the config must be a mapping of extends, rules, overrides and ignore');
  const config = data as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (!(TOP_LEVEL as readonly string[]).includes(key)) fail([key], `unknown key "${key}"${suggest(key, TOP_LEVEL)}; expected ${TOP_LEVEL.join(', ')}`, 'key');
  }
  const base = path.dirname(file);
  const presets = config.extends === undefined ? [] : Array.isArray(config.extends) ? config.extends : [config.extends];
  presets.forEach((preset, i) => {
    if (!(PRESETS as readonly unknown[]).includes(preset)) {
      fail(Array.isArray(config.extends) ? ['extends', i] : ['extends'], `unknown preset ${JSON.stringify(preset)}${suggest(String(preset), PRESETS)}; expected ${PRESETS.join(' or ')}`);
    }
  });
  const overrides = config.overrides === undefined ? [] : config.overrides;
  if (!Array.isArray(overrides)) fail(['overrides'], 'overrides must be a list of { files, rules }');
  return {
    file,
    all: presets.includes('apilint:all'),
    rules: validateRules(config.rules, ['rules'], fail),
    overrides: (overrides as unknown[]).map((entry, i) => {
      if (!isPlainObject(entry)) fail(['overrides', i], 'an override is a mapping with files and rules');
      const { files, rules, ...rest } = entry as Record<string, unknown>;
      const extra = Object.keys(rest)[0];
      if (extra !== undefined) fail(['overrides', i, extra], `unknown key "${extra}" in an override; expected files and rules`, 'key');
      return { matches: globMatcher(files, base, ['overrides', i, 'files'], fail), rules: validateRules(rules, ['overrides', i, 'rules'], fail) };
    }),
    ignores: config.ignore === undefined ? () => false : globMatcher(config.ignore, base, ['ignore'], fail),
  };
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
    const problem = checkValue(value, rule.options!.schema.properties[name]!);
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
    const Ajv = (requireCjs('ajv') as { default: typeof import('ajv').default }).default;
    ajvInstance = new Ajv({ allErrors: false, strict: false });
  }
  return ajvInstance;
}

function globMatcher(globs: unknown, base: string, at: JsonPath, fail: Fail): (file: string) => boolean {
  const list = typeof globs === 'string' ? [globs] : globs;
  if (!Array.isArray(list) || list.length === 0 || !list.every(g => typeof g === 'string' && g !== '')) {
    fail(at, 'expected a list of glob patterns');
  }
  const picomatch = requireCjs('picomatch') as typeof import('picomatch');
  const match = picomatch(list as string[], { dot: true });
  return (file: string) => {
    const rel = path.relative(base, file).split(path.sep).join('/');
    return !rel.startsWith('../') && match(rel);
  };
}

/** The settings for one file: the config's rules, then every override whose globs match it. */
export function settingsFor(config: Config, file: string): Settings {
  const matching = config.overrides.filter(o => o.matches(file));
  if (matching.length === 0) return config.rules;
  const merged: Settings = new Map(config.rules);
  for (const o of matching) for (const [id, s] of o.rules) merged.set(id, { ...merged.get(id), ...s });
  return merged;
}

function suggest(word: string, candidates: readonly string[]): string {
  const { closest, distance } = requireCjs('fastest-levenshtein') as typeof import('fastest-levenshtein');
  if (candidates.length === 0) return '';
  const best = closest(word, [...candidates]);
  return distance(word, best) <= Math.max(2, Math.floor(word.length / 3)) ? `: did you mean "${best}"?` : '';
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
