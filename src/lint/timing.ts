// `apilint lint --timing`: where one run's wall-clock time went, by phase and by rule, measured in
// the run itself. A CPU profile moves time about (a callee V8 inlines is counted as its caller;
// code running before V8 optimises it, and garbage collection, belong to no function), and a hook
// user wants to know which rule of their config costs what on their spec. Every file is linted on
// the main thread when timing, so that every file counts.
import { plural } from '../formatters/types.js';

/** The phases of a run, in the order they happen to each file (start-up once, report once). */
export const PHASES = ['start-up', 'read', 'parse', 'resolve', 'rules', 'placing', 'ignores', 'report'] as const;
export type Phase = (typeof PHASES)[number];

/** The rules listed one by one; the others are summed on one line. */
const TOP_RULES = 20;

export class Timing {
  private readonly phases = new Map<Phase, number>();
  private readonly rules = new Map<string, number>();
  /** Documents linted (with --since, the old versions too). */
  documents = 0;

  add(phase: Phase, ms: number): void {
    this.phases.set(phase, (this.phases.get(phase) ?? 0) + ms);
  }

  /** Runs `work` (synchronous) and adds its time to `phase`. */
  time<T>(phase: Phase, work: () => T): T {
    const start = performance.now();
    try {
      return work();
    } finally {
      this.add(phase, performance.now() - start);
    }
  }

  /** Adds the time of one call of a rule's check. */
  rule(id: string, ms: number): void {
    this.rules.set(id, (this.rules.get(id) ?? 0) + ms);
  }

  /**
   * The table printed on stderr: each phase and each rule with its milliseconds and its share of
   * `totalMs` (the whole run, start-up included), the rules by time with their findings.
   */
  render(totalMs: number, findings: ReadonlyMap<string, number>): string {
    const share = (ms: number) => `${totalMs > 0 ? ((100 * ms) / totalMs).toFixed(1) : '0.0'} %`;
    const measured = [...this.phases.values()].reduce((sum, ms) => sum + ms, 0);
    const phaseRows: [string, number][] = PHASES.filter(p => this.phases.has(p)).map(p => [p, this.phases.get(p)!]);
    phaseRows.push(['other', Math.max(0, totalMs - measured)]);
    const byTime = [...this.rules].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const ruleRows: [string, number, string][] = byTime.slice(0, TOP_RULES).map(([id, ms]) => [id, ms, plural(findings.get(id) ?? 0, 'finding')]);
    const rest = byTime.slice(TOP_RULES);
    if (rest.length > 0) {
      const restFindings = rest.reduce((sum, [id]) => sum + (findings.get(id) ?? 0), 0);
      ruleRows.push([plural(rest.length, 'more rule'), rest.reduce((sum, [, ms]) => sum + ms, 0), plural(restFindings, 'finding')]);
    }
    const nameWidth = Math.max(...[...phaseRows, ...ruleRows].map(([name]) => name.length), 'total'.length);
    const msWidth = Math.max(...[...phaseRows, ...ruleRows, ['total', totalMs] as const].map(([, ms]) => ms.toFixed(1).length));
    const row = (name: string, ms: number, extra = '') => `  ${name.padEnd(nameWidth)}  ${ms.toFixed(1).padStart(msWidth)} ms  ${share(ms).padStart(7)}${extra ? `  ${extra}` : ''}\n`;
    return [
      `apilint --timing: ${plural(this.documents, 'document')} linted on this thread; wall clock\n`,
      ...phaseRows.map(([name, ms]) => row(name, ms)),
      `  ${'total'.padEnd(nameWidth)}  ${totalMs.toFixed(1).padStart(msWidth)} ms\n`,
      ...(ruleRows.length > 0 ? ['rules by time (the first rule to use a walk the rules share, such as the schema index, carries its cost):\n'] : []),
      ...ruleRows.map(([name, ms, extra]) => row(name, ms, extra)),
    ].join('');
  }
}

/** Runs `work`, timed into `phase` when the run is timed. */
export const timed = <T>(timing: Timing | undefined, phase: Phase, work: () => T): T => (timing ? timing.time(phase, work) : work());
