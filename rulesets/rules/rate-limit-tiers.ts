import type { IFunctionResult } from '@stoplight/spectral-core';
import { defineRule } from '../rule.js';
import { isObject } from '../lib/oas.js';
import { durationSeconds, rateLimitDeclarations } from '../lib/rate-limit.js';

interface Tier {
  name: string;
  limit: number;
  window: string;
  seconds: number;
}

/** Free tiers: named "free" as a whole word, in any case (`FREE`, `free`, `FREE_TIER`). */
const isFree = (name: string): boolean => /(^|[^a-z])free([^a-z]|$)/i.test(name);

export default defineRule({
  id: 'rate-limit-tiers',
  severity: 'error',
  ref: '8.4',
  zalando: [],
  description: 'A free tier of an `x-rate-limit` policy is stricter than every paid tier.',
  rationale:
    'Limits may differ by pricing tier, and a free tier has stricter limits than a paid tier (guideline 8, item 4). In the `tiers` of an `x-rate-limit` policy, a tier named "free" as a whole word in any case (`FREE`, `free`, `FREE_TIER`) must allow fewer requests than every other tier over the same window. Tiers with different windows are compared by their rate: the ISO 8601 window is converted to seconds (a year counts 365 days, a month 30). Tiers with a missing or invalid `limit` or `window` are left to `rate-limit-policy`.',
  examples: {
    incorrect: 'x-rate-limit:\n  tiers:\n    FREE: {limit: 600, window: PT1M}\n    STANDARD: {limit: 600, window: PT1M}\n',
    correct: 'x-rate-limit:\n  tiers:\n    FREE: {limit: 60, window: PT1M}\n    STANDARD: {limit: 600, window: PT1M}\n',
  },
  given: '$',
  check(root) {
    const results: IFunctionResult[] = [];
    for (const { value, jsonPath } of rateLimitDeclarations(root)) {
      if (!isObject(value) || !isObject(value.tiers)) continue;
      const tiers: Tier[] = Object.entries(value.tiers).flatMap(([name, tier]) => {
        const seconds = isObject(tier) ? durationSeconds(tier.window) : undefined;
        if (!isObject(tier) || seconds === undefined || !Number.isInteger(tier.limit)) return [];
        const limit = tier.limit as number;
        return [{ name, limit, window: String(tier.window), seconds }];
      });
      for (const free of tiers.filter(t => isFree(t.name))) {
        // Rates compared exactly: free.limit / free.seconds >= paid.limit / paid.seconds.
        const looser = tiers.filter(paid => !isFree(paid.name) && free.limit * paid.seconds >= paid.limit * free.seconds);
        if (looser.length === 0) continue;
        const paid = looser.map(t => `"${t.name}" (${t.limit} per ${t.window})`).join(', ');
        results.push({
          message: `Free tier "${free.name}" (${free.limit} per ${free.window}) is not stricter than paid tier(s) ${paid}: give the free tier a lower limit.`,
          path: [...jsonPath, 'tiers', free.name, 'limit'],
        });
      }
    }
    return results;
  },
});
