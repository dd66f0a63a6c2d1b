import { defineRule } from '../rule.js';
import { operationName } from '../lib/oas.js';
import { apiOperations, FLOW_ID_HEADER, headerParameter } from '../lib/operations.js';

export default defineRule({
  id: 'flow-id-header',
  severity: 'error',
  ref: '4.headers',
  zalando: [233],
  description: 'Every operation accepts the X-Flow-ID request header.',
  rationale:
    'The `X-Flow-ID` header must be supported (guideline 4, headers): it carries the identifier of a call flow through every service it touches, so that logs and events of one business transaction can be correlated. Declaring it on every operation, directly, on the path item or through a shared `$ref` parameter, tells clients they may send it. Webhooks (requests the API sends) are not checked.',
  examples: {
    incorrect: 'paths:\n  /orders:\n    get:\n      parameters:\n        - name: limit\n          in: query\n          schema: {type: integer, format: int32}',
    correct:
      "paths:\n  /orders:\n    get:\n      parameters:\n        - $ref: '#/components/parameters/FlowId'\ncomponents:\n  parameters:\n    FlowId:\n      name: X-Flow-ID\n      in: header\n      schema: {type: string}",
  },
  given: '$',
  check(root) {
    return apiOperations(root)
      .filter(op => !headerParameter(op, FLOW_ID_HEADER))
      .map(op => ({
        message: `${operationName(op)} does not accept the "${FLOW_ID_HEADER}" header: add it as a header parameter (a shared one via $ref).`,
        path: [...op.jsonPath],
      }));
  },
});
