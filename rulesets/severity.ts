// Severities alone: the CLI validates --fail-severity without loading the rule engine.
export type Severity = 'error' | 'warn' | 'info' | 'hint';
export const SEVERITIES: readonly Severity[] = ['error', 'warn', 'info', 'hint'];
