// Severities, most severe first: the one place their order is written. Light on purpose: the
// CLI validates --fail-severity without loading the rule engine.
export type Severity = 'error' | 'warn' | 'info' | 'hint';
export const SEVERITIES: readonly Severity[] = ['error', 'warn', 'info', 'hint'];
/** 0 for error to 3 for hint (also Spectral's DiagnosticSeverity numbers): lower is more severe. */
export const SEVERITY_RANK = Object.fromEntries(SEVERITIES.map((severity, rank) => [severity, rank])) as Record<Severity, number>;
