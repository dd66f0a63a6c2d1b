// Renders docs/rules/<id>.md from a rule's metadata, so the docs cannot drift from the rules.
import type { RuleInfo } from './catalogue.js';

export function renderRuleDoc(rule: RuleInfo): string {
  const lines = [
    `# ${rule.id}`,
    '',
    `| severity | guideline | Zalando | default |`,
    `|---|---|---|---|`,
    `| ${rule.severity} | ${rule.ref} | ${rule.zalando.length > 0 ? rule.zalando.map(n => `#${n}`).join(', ') : '—'} | ${rule.recommended ? 'on' : 'off (on with `extends: apilint:all`)'} |`,
    '',
    rule.description,
    ...(rule.kind === 'diff' ? ['', 'A rule of `apilint diff` (and `apilint lint --since`): it compares two versions of an API, not one document.'] : []),
    '',
    '## Why',
    '',
    rule.rationale,
  ];
  if (rule.examples && 'base' in rule.examples) {
    lines.push(
      '',
      '## Base',
      '',
      '```yaml',
      rule.examples.base.trimEnd(),
      '```',
      '',
      '## Revision (reported)',
      '',
      '```yaml',
      rule.examples.revision.trimEnd(),
      '```',
    );
  } else if (rule.examples) {
    lines.push('', '## Incorrect', '', '```yaml', rule.examples.incorrect.trimEnd(), '```', '', '## Correct', '', '```yaml', rule.examples.correct.trimEnd(), '```');
  }
  lines.push('', '## Options', '');
  if (rule.options) {
    lines.push('| option | description |', '|---|---|');
    for (const [name, schema] of Object.entries(rule.options.schema.properties)) lines.push(`| \`${name}\` | ${schema.description} |`);
    lines.push(
      '',
      'An option replaces its default, so to extend a list, copy the defaults below and add to them. In `.apilint.yaml`, with the defaults:',
      '',
      '```yaml',
      'rules:',
      `  ${rule.id}:`,
      `    - ${rule.severity}`,
      ...Object.entries(rule.options.defaults).map(([name, value], i) => `    ${i === 0 ? '- ' : '  '}${name}: ${JSON.stringify(value)}`),
      '```',
    );
  } else {
    lines.push('None.');
  }
  return `${lines.join('\n')}\n`;
}
