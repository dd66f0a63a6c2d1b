import { build } from 'rolldown';
const format = process.argv[2] ?? 'esm';
const t = Date.now();
await build({
  input: '/work/main/bin/apilint.js',
  platform: 'node',
  resolve: { mainFields: ['module', 'main'] },
  output: { dir: '/work/main/dist/bundle-test', format, minify: false, entryFileNames: format === 'cjs' ? 'apilint.cjs' : 'apilint.mjs', codeSplitting: false },
  logLevel: 'silent',
});
console.log('built in', Date.now() - t, 'ms');
