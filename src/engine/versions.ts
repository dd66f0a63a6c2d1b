// The engine's ports equal one version of each package they adapt: apilint pins that version
// exactly (package.json `dependencies`, and `overrides` for the copies other packages install).
// Before adapting anything the engine compares the versions it finds with the pins.
import { ADAPTED_PACKAGES, packageVersion, type AdaptedPackage } from './internals.js';

export interface Mismatch {
  pkg: AdaptedPackage;
  pinned: string | undefined;
  found: string | undefined;
}

/**
 * The adapted packages whose version found differs from apilint's pin (a pin that is not an exact
 * version counts as a mismatch: a range cannot name the version a port was made from).
 */
export function versionMismatches(pins: Readonly<Record<string, string>>, found: (pkg: AdaptedPackage) => string | undefined = installedVersion): Mismatch[] {
  const mismatches: Mismatch[] = [];
  for (const pkg of Object.keys(ADAPTED_PACKAGES) as AdaptedPackage[]) {
    const pinned = pins[pkg];
    const version = found(pkg);
    if (pinned === undefined || !/^\d+\.\d+\.\d+$/.test(pinned) || version !== pinned) mismatches.push({ pkg, pinned, found: version });
  }
  return mismatches;
}

function installedVersion(pkg: AdaptedPackage): string | undefined {
  try {
    return packageVersion(pkg);
  } catch {
    return undefined;
  }
}

/** The one line that says why the engine runs unadapted. */
export function mismatchNotice(mismatches: readonly Mismatch[]): string {
  const first = mismatches[0]!;
  const what = `${first.pkg} ${first.found ?? '(not found)'} is installed where apilint's engine was made for ${first.pinned ?? '(no exact pin)'}`;
  const more = mismatches.length > 1 ? ` (and ${mismatches.length - 1} more)` : '';
  return `apilint: ${what}${more}: running Spectral unadapted (same findings, slower); reinstall apilint to fix.`;
}
