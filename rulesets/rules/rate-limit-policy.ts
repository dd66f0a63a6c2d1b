import type { IFunctionResult } from '@stoplight/spectral-core';
import type { SchemaOptions } from '@stoplight/spectral-functions';
import { validateWithSchema } from '../lib/require.js';
import type { JsonPath } from '@stoplight/types';
import { defineRule, type RuleResult } from '../rule.js';
import { atKey, isObject } from '../lib/oas.js';
import { isExemptDeclaration, RATE_LIMIT, rateLimitDeclarations } from '../lib/rate-limit.js';
import { validationSchema } from '../lib/validation-schemas.js';

type AjvErrors = Parameters<NonNullable<SchemaOptions['prepareResults']>>[0];

/** "must match \"then\" schema" repeats the errors of the branch: keep only those. */
function dropBranchErrors(errors: AjvErrors): void {
  for (let i = errors.length - 1; i >= 0; i--) if (errors[i]!.keyword === 'if') errors.splice(i, 1);
}

/**
 * One finding per offending field, named by its path (`x-rate-limit.tiers.FREE`): the schema
 * function's messages name only the last key, and list each missing required field apart. An
 * unknown field is reported at its own key.
 */
function findings(problems: IFunctionResult[], base: JsonPath): IFunctionResult[] {
  const byPath = new Map<string, { path: JsonPath; field: string; missing: string[]; messages: string[] }>();
  const entry = (path: JsonPath, object: JsonPath) => {
    const key = JSON.stringify(path);
    if (!byPath.has(key)) byPath.set(key, { path, field: [RATE_LIMIT, ...object.slice(base.length)].join('.'), missing: [], messages: [] });
    return byPath.get(key)!;
  };
  for (const problem of problems) {
    const path = problem.path ?? base;
    const text = problem.message.replace(/^"[^"]*" property /, '');
    const required = /^must have required property "(.*)"$/.exec(text);
    const unknown = /^Property "(.*)" is not expected to be here$/.exec(text);
    if (required) entry(path, path).missing.push(`"${required[1]}"`);
    else if (unknown) entry(atKey([...path, unknown[1]!]), path).messages.push(`unknown field "${unknown[1]}": remove it`);
    else entry(path, path).messages.push(text);
  }
  return [...byPath.values()].map(({ path, field, missing, messages }) => {
    if (missing.length > 0) messages.push(`lacks the required field(s) ${missing.join(', ')}: add them`);
    return { message: `${field}: ${messages.join('; ')}.`, path };
  });
}

export default defineRule({
  id: 'rate-limit-policy',
  // A policy written wrong is an error; a missing one is reported at info (below).
  severity: 'error',
  ref: '8.1, 8.9',
  zalando: [],
  description: 'The API declares its rate limit policy with a valid `x-rate-limit` extension.',
  rationale:
    'A maximum number of requests per period is set for a user or an application (guideline 8, item 1). The threshold, window, algorithm and keying of the limit belong to the interface, but the guideline leaves them unstated (guideline 8, item 9) and names no way to declare them. apilint\'s own `x-rate-limit` extension declares them on the document, a path item or an operation (the nearest one wins); `exempt: true` marks an endpoint that is not limited. A document without any policy (exempt declarations alone do not count) is reported once, at `info`: a suggestion, not a violation. A policy that is present but written wrong is an `error`: every `x-rate-limit` value is validated against the JSON schema shipped as `rulesets/x-rate-limit.schema.json` (fields described in docs/x-rate-limit.md), with one finding per offending field.',
  examples: {
    incorrect: 'info: {title: Orders, version: 1.0.0}\nx-rate-limit:\n  limit: 600\n  window: 1 minute\n',
    correct: 'x-rate-limit:\n  limit: 600\n  window: PT1M\n  key: USER\n  algorithm: TOKEN_BUCKET\n',
  },
  given: '$',
  check(root, _options, context) {
    const declarations = rateLimitDeclarations(root);
    const results: RuleResult[] = [];
    if (!declarations.some(d => !isExemptDeclaration(d.value))) {
      results.push({
        severity: 'info',
        message: 'The API declares no rate limit policy: add "x-rate-limit" with "limit", "window", "key" and "algorithm" to the document (or to its operations).',
        path: isObject(root) && isObject(root.info) ? ['info'] : [],
      });
    }
    for (const { value, jsonPath } of declarations) {
      const problems = validateWithSchema(value, { schema: validationSchema('x-rate-limit'), allErrors: true, prepareResults: dropBranchErrors }, context, jsonPath);
      // One at a time: a spread of 150,000 findings (as many tiers written wrong) overflows the call stack.
      if (Array.isArray(problems)) for (const finding of findings(problems, jsonPath)) results.push(finding);
    }
    return results;
  },
});
