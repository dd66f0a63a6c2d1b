// The package.json that goes into the tarball has no `prepare` script. `prepare` builds apilint
// where the source is installed (a clone, `npm install github:…`, pre-commit), but in an installed
// tarball there is nothing to build, and npm 11 lists any `prepare` as an install script waiting
// for approval. `npm pack` and `npm publish` run `prepack` (build, then `strip`) and `postpack`
// (`restore`); the original file is restored byte for byte.
//
//   node scripts/pack-manifest.mjs strip|restore
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = path.join(root, 'package.json');
const saved = path.join(root, '.package.json.prepack');

const command = process.argv[2];
if (command === 'strip') {
  // A backup left by a pack that failed before postpack is the original: keep it.
  const original = existsSync(saved) ? readFileSync(saved, 'utf8') : readFileSync(manifest, 'utf8');
  writeFileSync(saved, original);
  const pkg = JSON.parse(original);
  delete pkg.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (command === 'restore') {
  if (existsSync(saved)) renameSync(saved, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
