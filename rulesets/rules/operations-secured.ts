import type { IFunctionResult } from '@stoplight/spectral-core';
import { defineRule } from '../rule.js';
import { atKey, isObject, operationName, operations } from '../lib/oas.js';
import { effectiveSecurity, effectiveSecurityPath, schemesLocation, securitySchemes } from '../lib/security.js';

export default defineRule({
  id: 'operations-secured',
  severity: 'error',
  ref: '5.1',
  zalando: [104],
  description: 'Every operation has a non-empty security requirement naming defined security schemes.',
  rationale:
    'All endpoints are secured (guideline 5, item 1). An operation without a security requirement, with an empty one (`security: []`), or with an empty alternative (`{}`, which makes authentication optional) can be called anonymously; a requirement naming an undeclared scheme secures nothing. The requirement is the operation\'s own `security`, else the document\'s. Webhooks (3.1) are calls the API makes, not endpoints it serves, and are not checked.',
  examples: {
    incorrect: 'paths:\n  /orders:\n    get:\n      responses: ...\n',
    correct:
      'security:\n  - oauth2: [orders.read]\npaths:\n  /orders:\n    get:\n      responses: ...\ncomponents:\n  securitySchemes:\n    oauth2: {type: oauth2, flows: ...}\n',
  },
  given: '$',
  check(root) {
    const schemes = securitySchemes(root);
    const results = new Map<string, IFunctionResult>();
    const report = (result: IFunctionResult) => results.set(JSON.stringify(result.path), result);
    // The document's list, in effect for every operation without its own, is checked once.
    let documentList = false;
    for (const op of operations(root)) {
      if (op.jsonPath[0] === 'webhooks') continue;
      const listPath = effectiveSecurityPath(root, op);
      const requirements = effectiveSecurity(root, op);
      if (!listPath) {
        report({ message: `Operation "${operationName(op)}" has no security requirement: add one to the operation or the document.`, path: op.jsonPath });
        continue;
      }
      if (listPath.length === 1) {
        if (documentList) continue;
        documentList = true;
      }
      if (requirements.length === 0) {
        report({ message: 'Empty security list: it leaves the operations it applies to unsecured; list a security requirement.', path: listPath });
      }
      requirements.forEach((requirement, i) => {
        const names = Object.keys(requirement);
        if (names.length === 0) {
          report({ message: 'Empty security requirement "{}" makes authentication optional: remove it.', path: [...listPath, i] });
        }
        for (const scheme of names) {
          if (!isObject(schemes[scheme])) {
            report({
              message: `Security scheme "${scheme}" is not defined: declare it in ${schemesLocation(root)}.`,
              path: atKey([...listPath, i, scheme]),
            });
          }
        }
      });
    }
    return [...results.values()];
  },
});
