// Microsoft's SARIF validator (@microsoft/sarif-multitool) with GitHub's ingestion rules.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

let binary: string | undefined;

function multitool(): string {
  if (!binary) {
    const require = createRequire(import.meta.url);
    binary = path.join(path.dirname(require.resolve('@microsoft/sarif-multitool-linux/package.json')), 'Sarif.Multitool');
    // npm here skips the package's install script, which would make the binary executable.
    chmodSync(binary, 0o755);
  }
  return binary;
}

/** Problems the validator reports (errors and warnings) with `--rule-kind "Gh;Sarif"`, as "ruleId: message" lines. */
export function validateSarif(file: string, outDir: string): string[] {
  const out = path.join(outDir, `${path.basename(file)}.validation.sarif`);
  // The validator skips files over 10,000 KB unless told otherwise: a log at GitHub's limits is larger.
  execFileSync(multitool(), ['validate', '--rule-kind', 'Gh;Sarif', file, '-o', out, '--log', 'ForceOverwrite', '--max-file-size-in-kb', '1000000'], { stdio: 'pipe' });
  const log = JSON.parse(readFileSync(out, 'utf8')) as { runs: { results?: { ruleId: string; level?: string; message: { id?: string; arguments?: string[] } }[] }[] };
  return (log.runs[0]!.results ?? [])
    .filter(r => r.level !== 'note' && r.level !== 'none')
    .map(r => `${r.ruleId}: ${(r.message.arguments ?? []).join(' ')}`);
}
