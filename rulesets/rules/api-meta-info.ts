import type { JsonPath } from '@stoplight/types';
import { defineRule, type RuleResult } from '../rule.js';
import { isObject } from '../lib/oas.js';

const INFO_FIELDS = ['title', 'version', 'description'] as const;
const CONTACT_FIELDS = ['name', 'url', 'email'] as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export default defineRule({
  id: 'api-meta-info',
  // Missing title, version or description are errors; the contact is reported at info (below).
  severity: 'error',
  ref: '9.1',
  zalando: [218],
  description: '`info` has `title`, `version` and `description` (errors), and should have `contact` with `name`, `url` and `email` (info).',
  rationale:
    'The API carries its meta information, with a semantic version (guideline 9, item 1): a title and description say what it is for, the version which revision a client reads (its form is info-version-semver\'s finding). A missing or blank title, version or description is an `error`. The guideline does not name a contact, so a missing `contact`, or one without `name`, `url` or `email`, is reported at `info`, a recommendation: it tells who owns the API and how to reach them when something breaks or a change must be agreed.',
  examples: {
    incorrect: 'info:\n  title: Orders\n  version: 1.0.0',
    correct:
      'info:\n  title: Orders\n  version: 1.0.0\n  description: Places and tracks customer orders.\n  contact:\n    name: Order Team\n    url: https://example.com/teams/orders\n    email: orders@example.com',
  },
  given: '$',
  check(root) {
    if (!isObject(root)) return;
    const info = root.info;
    if (!isObject(info)) return [{ message: 'The document has no "info" object: add one with title, version, description and contact.' }];
    const missing = (object: Record<string, unknown>, fields: readonly string[], where: string, path: JsonPath): RuleResult[] =>
      fields
        .filter(field => isBlank(object[field]))
        .map(field => ({ message: `${where} has no "${field}": add it.`, path }));
    const contact = info.contact;
    // Guideline 9.1 does not name a contact: it is a recommendation.
    const contactResults: RuleResult[] = isObject(contact)
      ? missing(contact, CONTACT_FIELDS, '"info.contact"', ['info', 'contact'])
      : [{ message: '"info" has no "contact": add one with name, url and email of the owning team.', path: ['info'] }];
    return [...missing(info, INFO_FIELDS, '"info"', ['info']), ...contactResults.map(result => ({ ...result, severity: 'info' as const }))];
  },
});
