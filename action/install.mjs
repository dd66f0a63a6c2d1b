// The action's first step: gets a built apilint and sets the `bin` output to its launcher.
//
// The action's repository does not commit the build (dist/). At a release tag its package.json
// holds the version that the release published to npm, so by default that release is installed
// from the registry: no build, and the same files as `npm install -g @apilint/cli`. Where that
// version is not published (a branch or commit between releases, whose package.json carries the
// next version), the checkout itself is built, as `npm install github:apilint/apilint` would.
//
// INPUT_VERSION: empty (the above), `source` (always build the checkout), or a version, range or
// dist-tag of the registry.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail, setOutput } from './github.mjs';

const MIN_NODE = 20;
const actionRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(actionRoot, 'package.json'), 'utf8'));

if (Number(process.versions.node.split('.')[0]) < MIN_NODE) {
  fail(`apilint needs Node.js ${MIN_NODE} or later, and the runner has ${process.version}: add actions/setup-node with node-version: ${MIN_NODE} before this step`);
}

const wanted = (process.env.INPUT_VERSION ?? '').trim();
let bin;
if (wanted === 'source') {
  bin = fromSource();
} else if (wanted !== '') {
  bin = fromRegistry(wanted);
} else if (published(pkg.version)) {
  bin = fromRegistry(pkg.version);
} else {
  console.log(`${pkg.name}@${pkg.version} is not on the registry (a branch or commit between releases): building the action's checkout.`);
  bin = fromSource();
}
const version = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' });
if (version.status !== 0) fail(`the installed apilint does not run: ${version.stderr.trim()}`);
console.log(`apilint ${version.stdout.trim()} (${bin})`);
setOutput('bin', bin);

/** Runs npm; on Windows npm is a .cmd script, which only a shell starts. */
function npm(args, options = {}) {
  return spawnSync('npm', args, { encoding: 'utf8', shell: process.platform === 'win32', ...options });
}

/** Whether the registry has this exact version; a registry that cannot be asked stops the step. */
function published(version) {
  const view = npm(['view', `${pkg.name}@${version}`, 'version', '--json']);
  if (view.status === 0) return view.stdout.trim() !== '';
  if (/\bE404\b/.test(view.stderr)) return false;
  fail(`cannot ask the npm registry for ${pkg.name}@${version}: ${view.stderr.trim().split('\n').slice(-3).join(' ')}`);
}

/** Installs a release into a folder of its own under the runner's temp folder. */
function fromRegistry(spec) {
  const prefix = path.join(process.env.RUNNER_TEMP || os.tmpdir(), `apilint-${spec.replace(/[^\w.-]/g, '_')}`);
  mkdirSync(prefix, { recursive: true });
  console.log(`Installing ${pkg.name}@${spec} from the registry`);
  const install = npm(['install', '--prefix', prefix, '--omit=dev', '--no-audit', '--no-fund', '--no-save', `${pkg.name}@${spec}`], { stdio: 'inherit' });
  if (install.status !== 0) fail(`npm could not install ${pkg.name}@${spec}`);
  return path.join(prefix, 'node_modules', ...pkg.name.split('/'), pkg.bin.apilint);
}

/** The action's own checkout, built by `npm ci` (its prepare script) unless it is built already. */
function fromSource() {
  const launcher = path.join(actionRoot, pkg.bin.apilint);
  if (existsSync(path.join(actionRoot, 'dist/bundle/cli.cjs')) && existsSync(path.join(actionRoot, 'node_modules'))) return launcher;
  console.log(`Building apilint from ${actionRoot} (npm ci)`);
  const build = npm(['ci', '--no-audit', '--no-fund'], { cwd: actionRoot, stdio: 'inherit' });
  if (build.status !== 0) fail('npm ci could not build apilint from the action checkout');
  return launcher;
}
