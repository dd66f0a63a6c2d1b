import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

const paths = `paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
`;

testRule('rate-limit-policy', [
  {
    name: '3.0: a document without a policy is reported once, at info',
    document: `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
${paths}`,
    errors: [{ line: 2, column: 1, severity: 'info', message: 'declares no rate limit policy' }],
  },
  {
    name: '3.0: exempt declarations alone are no policy',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
${paths}  /health:
    get:
      x-rate-limit: {exempt: true}
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 2, column: 1, severity: 'info' }],
  },
  {
    name: '3.0: every problem is reported at its field',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
x-rate-limit:
  limit: 10.5
  window: 1 minute
  key: user
  algorithm: TOKEN_BUCKET
  burst: 20
  tiers:
    FREE: {limit: 1}
${paths}    post:
      x-rate-limit: {exempt: true, limit: 5}
      responses:
        '200': {description: OK}
  /orders/{order_id}:
    x-rate-limit: {exempt: false}
    get:
      responses:
        '200': {description: OK}
`,
    errors: [
      { line: 4, column: 10, severity: 'error', message: 'x-rate-limit.limit: type must be integer' },
      { line: 5, column: 11, severity: 'error', message: 'x-rate-limit.window: must be an ISO 8601 duration' },
      { line: 6, column: 8, severity: 'error', message: 'x-rate-limit.key: must be one of USER, APPLICATION, IP, DEVICE' },
      { line: 8, column: 3, severity: 'error', message: 'x-rate-limit: unknown field "burst"' },
      { line: 10, column: 5, severity: 'error', message: 'x-rate-limit.tiers.FREE: lacks the required field(s) "window"' },
      { line: 17, column: 7, severity: 'error', message: 'must hold nothing but "exempt: true"' },
      { line: 21, column: 5, severity: 'error', message: 'lacks the required field(s) "limit", "window", "key", "algorithm"' },
    ],
  },
  {
    name: '3.1: a valid policy with tiers passes',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
x-rate-limit:
  limit: 1000
  window: P1D
  key: DEVICE
  algorithm: SLIDING_WINDOW_COUNTER
  tiers:
    FREE: {limit: 100, window: P1D}
    PRO: {limit: 10000, window: PT12H}
${paths}`,
    errors: [],
  },
  {
    name: '3.1: a policy that is not an object',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
x-rate-limit: 600
${paths}`,
    errors: [{ line: 3, column: 15, severity: 'error', message: 'x-rate-limit: type must be object' }],
  },
  { name: '2.0: a path item policy and an exempt operation pass', document: 'fixtures/rules/rate-limit-policy/swagger.yaml', errors: [] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
]);

it('fires on the reference spec at a window that is no ISO 8601 duration', async () => {
  const { findings, line } = await lintMutatedReference('rate-limit-policy', {
    find: 'x-rate-limit:\n  limit: 600\n  window: PT1M\n',
    replace: 'x-rate-limit:\n  limit: 600\n  window: 1m\n',
  });
  expectFindings('rate-limit-policy', findings, [{ line: line + 2, column: 11, severity: 'error' }]);
});
