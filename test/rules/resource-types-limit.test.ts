import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const paths = (...list: string[]) => list.map(p => `  ${p}:\n    get:\n      responses:\n        '200': {description: OK}\n`).join('');

testRule('resource-types-limit', [
  {
    name: '3.0: nine resource types are reported once at "paths"',
    document: `openapi: 3.0.3
info: {title: Shop, version: 1.0.0}
paths:
${paths('/orders', '/customers', '/products', '/carts', '/invoices', '/payments', '/shipments', '/returns', '/refunds')}`,
    errors: [{ line: 3, column: 1, severity: 'warn', message: 'The API exposes 9 resource types, more than 8 (/orders, /customers, /products, /carts, /invoices, /payments, /shipments, /returns, /refunds): split it by business function.' }],
  },
  {
    name: '3.1: members, sub-resources without an id, a sub-collection with its members, compound keys and monitoring endpoints do not add types',
    document: `openapi: 3.1.0
info: {title: Shop, version: 1.0.0}
paths:
${paths(
  '/orders',
  '/orders/{order_id}',
  '/orders/{order_id}/status',
  '/orders/{order_id}/items/{item_id}',
  '/customers/{customer_id}/addresses/{address_id}',
  '/customers/{customer_id}/addresses',
  '/addresses/{country}/{zip}',
  '/customers',
  '/products',
  '/carts',
  '/schemas/{name}/versions',
  '/schemas/{name}/versions/{version}',
  '/health',
  '/metrics',
)}`,
    errors: [],
  },
  {
    name: '2.0: version segments do not make new types (/v1/orders and /v2/orders are one)',
    document: 'fixtures/rules/resource-types-limit/bad-2.0.yaml',
    errors: [{ line: 4, column: 1, severity: 'warn', message: '9 resource types' }],
  },
  {
    name: '3.0: a lower max makes three resource types too many',
    document: `openapi: 3.0.3
info: {title: Shop, version: 1.0.0}
paths:
${paths('/orders', '/customers', '/products')}`,
    options: { ruleOptions: { max: 2 } },
    errors: [{ line: 3, column: 1, severity: 'warn', message: 'The API exposes 3 resource types, more than 2 (/orders, /customers, /products): split it by business function.' }],
  },
  {
    name: '3.0: configured monitoring paths are not resource types',
    document: `openapi: 3.0.3
info: {title: Shop, version: 1.0.0}
paths:
${paths('/orders', '/customers', '/reports')}`,
    options: { ruleOptions: { max: 2, monitoringPaths: ['/reports'] } },
    errors: [],
  },
]);

it('fires on the reference spec at "paths" once a ninth resource type is added', async () => {
  const { findings } = await lintMutatedReference('resource-types-limit', {
    find: '  /shipment-batches:\n',
    replace: `${paths('/labels', '/carriers')}  /shipment-batches:\n`,
  });
  const pathsLine = readFileSync(REFERENCE_SPEC, 'utf8').split('\n').indexOf('paths:') + 1;
  expectFindings('resource-types-limit', findings, [{ line: pathsLine, column: 1, severity: 'warn', message: 'The API exposes 9 resource types, more than 8 (/shipments, ' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['resource-types-limit'] })).toEqual([]);
});
