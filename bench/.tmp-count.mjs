import { createRequire } from 'node:module';
import path from 'node:path';
const require = createRequire(import.meta.url);
const core = path.dirname(require.resolve('@stoplight/spectral-core'));
const results = require(path.join(core, 'runner/utils/results.js'));
const orig = results.prepareResults;
results.prepareResults = r => { console.error('raw results', r.length); const o = orig(r); console.error('deduped', o.length); return o; };
const { main } = await import('../dist/src/cli.js');
await main(['lint', '--no-config', '-f', 'json', '-o', '/dev/null', process.argv[2]]);
