// Preload (`node --require`) that records every file the process opens for reading, for tests
// that prove a file is never read. The list is written as JSON lines to $APILINT_TRACE_FS at exit.
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');

const out = process.env.APILINT_TRACE_FS;
const writeFileSync = fs.writeFileSync;
const opened = [];
const record = file => {
  if (typeof file === 'string' || file instanceof URL || Buffer.isBuffer(file)) opened.push(String(file));
};
const wrap = (object, name) => {
  const original = object[name];
  object[name] = function (file, ...rest) {
    record(file);
    return original.call(this, file, ...rest);
  };
};
for (const name of ['open', 'openSync', 'readFile', 'readFileSync', 'createReadStream', 'openAsBlob']) if (fs[name]) wrap(fs, name);
for (const name of ['open', 'readFile']) wrap(fs.promises, name);
syncBuiltinESMExports();
process.on('exit', () => {
  if (out) writeFileSync(out, opened.map(f => `${JSON.stringify(f)}\n`).join(''));
});
