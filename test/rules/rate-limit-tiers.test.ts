import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

const policy = (version: string, tiers: string) => `openapi: ${version}
info: {title: Orders, version: 1.0.0}
x-rate-limit:
  limit: 600
  window: PT1M
  key: USER
  algorithm: TOKEN_BUCKET
  tiers:
${tiers}paths: {}
`;

testRule('rate-limit-tiers', [
  {
    name: '3.0: a free tier as loose as a paid one is reported at its limit',
    document: policy('3.0.3', '    FREE:\n      limit: 600\n      window: PT1M\n    STANDARD: {limit: 600, window: PT1M}\n    PREMIUM: {limit: 6000, window: PT1M}\n'),
    errors: [{ line: 10, column: 14, severity: 'error', message: 'Free tier "FREE" (600 per PT1M) is not stricter than paid tier(s) "STANDARD" (600 per PT1M)' }],
  },
  {
    name: '3.0: different windows compare by rate (100 per minute is looser than 1000 per hour)',
    document: policy('3.0.3', '    Free:\n      limit: 100\n      window: PT1M\n    BASIC: {limit: 1000, window: PT1H}\n'),
    errors: [{ line: 10, column: 14, severity: 'error', message: '"BASIC" (1000 per PT1H)' }],
  },
  {
    name: '3.1: a stricter free tier passes, also over another window; invalid tiers are left alone',
    document: policy('3.1.0', '    free: {limit: 10, window: PT1M}\n    PRO: {limit: 1000, window: PT1H}\n    BROKEN: {limit: 1, window: soon}\n'),
    errors: [],
  },
  { name: '2.0: an operation policy with a free_tier', document: 'fixtures/rules/rate-limit-tiers/swagger.yaml', errors: [{ line: 12, column: 30, severity: 'error', message: '"free_tier"' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
]);

it('fires on the reference spec when the free tier allows more than a paid one', async () => {
  const { findings, line } = await lintMutatedReference('rate-limit-tiers', { find: '    FREE:\n      limit: 60\n', replace: '    FREE:\n      limit: 6000\n' });
  expectFindings('rate-limit-tiers', findings, [{ line: line + 1, column: 14, severity: 'error' }]);
});
