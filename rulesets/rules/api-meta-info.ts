import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { isObject } from '../lib/oas.js';

const INFO_FIELDS = ['title', 'version', 'description'] as const;
const CONTACT_FIELDS = ['name', 'url', 'email'] as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export default defineRule({
  id: 'api-meta-info',
  severity: 'error',
  ref: '9.1',
  zalando: [218],
  description: '`info` has `title`, `version`, `description`, and `contact` with `name`, `url` and `email`.',
  rationale:
    'The API carries its meta information (guideline 9, item 1): a title and description say what it is for, the version which revision a client reads, and the contact who owns it and how to reach them when something breaks or a change must be agreed.',
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
    const missing = (object: Record<string, unknown>, fields: readonly string[], where: string, path: JsonPath) =>
      fields
        .filter(field => isBlank(object[field]))
        .map(field => ({ message: `${where} has no "${field}": add it.`, path }));
    const results = missing(info, INFO_FIELDS, '"info"', ['info']);
    const contact = info.contact;
    if (!isObject(contact)) {
      results.push({ message: '"info" has no "contact": add one with name, url and email of the owning team.', path: ['info'] });
    } else {
      results.push(...missing(contact, CONTACT_FIELDS, '"info.contact"', ['info', 'contact']));
    }
    return results;
  },
});
