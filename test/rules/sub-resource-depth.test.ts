import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('sub-resource-depth', [
  {
    name: '3.0: four sub-resource levels are reported at the path key',
    document: `openapi: 3.0.3
info: {title: Shop, version: 1.0.0}
paths:
  /shops/{shop_id}/orders/{order_id}/items/{item_id}/options:
    get:
      responses:
        '200': {description: OK}
  /shops/{shop_id}/orders/{order_id}/items/{item_id}/options/{option_id}/prices:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [
      {
        line: 8, column: 3, severity: 'warn',
        message: 'Path "/shops/{shop_id}/orders/{order_id}/items/{item_id}/options/{option_id}/prices" nests 4 sub-resource levels, more than 3: use a non-nested URL for the deeper resources.',
      },
    ],
  },
  {
    name: '3.1: parameters, compound keys and a leading /api/v2 base are not levels',
    document: `openapi: 3.1.0
info: {title: Shop, version: 1.0.0}
paths:
  /api/v2/shops/{shop_id}/orders/{order_id}/items/{item_id}/options/{option_id}:
    get:
      responses:
        '200': {description: OK}
  /shops/{country}/{shop_id}/orders/{order_id}/{line}/items:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  {
    name: '2.0: version segments are not levels either',
    document: 'fixtures/rules/sub-resource-depth/bad-2.0.yaml',
    errors: [{ line: 8, column: 3, severity: 'warn', message: 'nests 4 sub-resource levels' }],
  },
  {
    name: '3.0: a lower max makes two levels too many',
    document: `openapi: 3.0.3
info: {title: Shop, version: 1.0.0}
paths:
  /shops/{shop_id}/orders:
    get:
      responses:
        '200': {description: OK}
  /shops/{shop_id}/orders/{order_id}/items:
    get:
      responses:
        '200': {description: OK}
`,
    options: { ruleOptions: { max: 1 } },
    errors: [{ line: 8, column: 3, severity: 'warn', message: 'Path "/shops/{shop_id}/orders/{order_id}/items" nests 2 sub-resource levels, more than 1' }],
  },
]);

it('fires on the reference spec at the edited path', async () => {
  const { findings, line } = await lintMutatedReference('sub-resource-depth', {
    find: '  /shipments/{shipment_id}/parcels/{parcel_id}:\n',
    replace: '  /shipments/{shipment_id}/parcels/{parcel_id}/items/{item_id}/options/{option_id}/prices:\n',
  });
  expectFindings('sub-resource-depth', findings, [{ line, column: 3, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['sub-resource-depth'] })).toEqual([]);
});
