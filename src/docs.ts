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
    '',
    '## Why',
    '',
    rule.rationale,
  ];
  if (rule.examples) {
    lines.push('', '## Incorrect', '', '```yaml', rule.examples.incorrect.trimEnd(), '```', '', '## Correct', '', '```yaml', rule.examples.correct.trimEnd(), '```');
  }
  lines.push('', '## Options', '');
  if (rule.options) {
    lines.push('| option | default | description |', '|---|---|---|');
    for (const [name, schema] of Object.entries(rule.options.schema.properties)) {
      const value = JSON.stringify(rule.options.defaults[name]);
      lines.push(`| \`${name}\` | \`${value.length > 120 ? `${value.slice(0, 117)}...` : value}\` | ${schema.description} |`);
    }
    lines.push('', 'Set them in `.apilint.yaml`:', '', '```yaml', 'rules:', `  ${rule.id}: [${rule.severity}, { ${Object.keys(rule.options.defaults)[0]}: ... }]`, '```');
  } else {
    lines.push('None.');
  }
  return `${lines.join('\n')}\n`;
}
