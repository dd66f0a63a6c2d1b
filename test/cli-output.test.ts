// -o through the real CLI: unambiguous pairing with -f, atomic replacement of files and of the
// targets of symlinks, FIFOs and devices written in place, inputs never overwritten.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { ROOT } from './helpers/lint.js';

const ORDERS = readFileSync(path.join(ROOT, 'fixtures/cli/directory/orders.yaml'), 'utf8');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'apilint-output-'));
  writeFileSync(path.join(dir, 'orders.yaml'), ORDERS);
});
const lint = (...args: string[]) => runCli(['lint', 'orders.yaml', ...args], { cwd: dir });
const isSarif = (text: string) => (JSON.parse(text) as { version: string }).version === '2.1.0';

describe('-o pairs with the -f before it', () => {
  it('an -o before any -f is a usage error that shows the fix; nothing is written', async () => {
    const result = await runCli(['lint', '-o', 'r.sarif', '-f', 'sarif', 'orders.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('apilint: --output r.sarif has no --format of its own: put one right before it, e.g. -f sarif -o r.sarif (each -o writes the report of the -f before it)\n');
    expect(existsSync(path.join(dir, 'r.sarif'))).toBe(false);
  });

  it('an -o with no -f at all, and a second -o after one -f, are usage errors too', async () => {
    expect((await lint('-o', 'report.txt')).stderr).toMatch(/--output report\.txt has no --format of its own: put one right before it, e.g\. -f stylish -o report\.txt/);
    const twice = await lint('-f', 'json', '-o', 'a.json', '-o', 'b.json');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/--output b\.json has no --format of its own: .* -f json -o b\.json/);
    expect(readdirSync(dir)).toEqual(['orders.yaml']);
  });

  it('-f sarif -o r.sarif -f stylish: SARIF in the file, the human report on stdout', async () => {
    const result = await lint('-f', 'sarif', '-o', 'r.sarif', '-f', 'stylish');
    expect(result.code).toBe(1);
    expect(isSarif(readFileSync(path.join(dir, 'r.sarif'), 'utf8'))).toBe(true);
    expect(result.stdout).toMatch(/^orders\.yaml\n/);
  });
});

describe('where the report goes', () => {
  it('a regular file is replaced atomically (a new file, never rewritten in place) and keeps its permissions', async () => {
    const file = path.join(dir, 'r.sarif');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    const before = statSync(file).ino;
    expect((await lint('-f', 'sarif', '-o', 'r.sarif')).code).toBe(1);
    expect(isSarif(readFileSync(file, 'utf8'))).toBe(true);
    expect(statSync(file).ino).not.toBe(before);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir).sort()).toEqual(['orders.yaml', 'r.sarif']);
  });

  it('a symlink is followed: the link stays, the file it points to is replaced atomically', async () => {
    mkdirSync(path.join(dir, 'reports'));
    const target = path.join(dir, 'reports/real.sarif');
    writeFileSync(target, 'old');
    symlinkSync('reports/real.sarif', path.join(dir, 'link.sarif'));
    const before = statSync(target).ino;
    expect((await lint('-f', 'sarif', '-o', 'link.sarif')).code).toBe(1);
    expect(lstatSync(path.join(dir, 'link.sarif')).isSymbolicLink()).toBe(true);
    expect(isSarif(readFileSync(target, 'utf8'))).toBe(true);
    expect(statSync(target).ino).not.toBe(before);
    expect(readdirSync(path.join(dir, 'reports'))).toEqual(['real.sarif']);
  });

  it('a dangling symlink: the file it names is created', async () => {
    symlinkSync('new.sarif', path.join(dir, 'link.sarif'));
    expect((await lint('-f', 'sarif', '-o', 'link.sarif')).code).toBe(1);
    expect(lstatSync(path.join(dir, 'link.sarif')).isSymbolicLink()).toBe(true);
    expect(isSarif(readFileSync(path.join(dir, 'new.sarif'), 'utf8'))).toBe(true);
  });

  it('a FIFO is written in place: the reader gets the report and the FIFO stays a FIFO', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let received = '';
    reader.stdout.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const closed = new Promise(resolve => reader.on('close', resolve));
    expect((await lint('-f', 'sarif', '-o', 'pipe')).code).toBe(1);
    await closed;
    expect(isSarif(received)).toBe(true);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a character device is written in place, never replaced by a file', async () => {
    // As root, a device node of our own (the null device's numbers), so that a bug could not replace the system's /dev/null.
    let device = '/dev/null';
    if (process.getuid?.() === 0) {
      device = path.join(dir, 'null');
      execFileSync('mknod', ['-m', '666', device, 'c', '1', '3']);
    }
    const result = await lint('-f', 'sarif', '-o', device);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(statSync(device).isCharacterDevice()).toBe(true);
  });

  it('/dev/stdout is standard output', async () => {
    const result = await lint('-f', 'sarif', '-o', '/dev/stdout', '-f', 'json', '-o', 'r.json');
    expect(result.code).toBe(1);
    expect(isSarif(result.stdout)).toBe(true);
  });

  it('a report that cannot be written: one line, exit 2, nothing left behind; the other reports are written', async () => {
    const result = await lint('-f', 'sarif', '-o', 'missing/dir/r.sarif', '-f', 'json', '-o', 'r.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('apilint: missing/dir/r.sarif: cannot write the report (ENOENT): nothing written\n');
    expect(JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')).version).toBe(1);
  });
});

describe('a report path that is an input is refused', () => {
  it('the spec itself, through a symlink, or the config file: exit 2 before linting, nothing overwritten', async () => {
    symlinkSync('orders.yaml', path.join(dir, 'alias.yaml'));
    writeFileSync(path.join(dir, '.apilint.yaml'), 'rules: {}\n');
    for (const [output, what] of [['orders.yaml', 'an input'], ['alias.yaml', 'an input'], ['.apilint.yaml', 'the config file']]) {
      const result = await lint('-f', 'sarif', '-o', output!);
      expect(result.code, output).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`apilint: ${output}: is ${what} of this run: refusing to write a report over it (choose another --output)\n`);
    }
    expect(readFileSync(path.join(dir, 'orders.yaml'), 'utf8')).toBe(ORDERS);
    expect(readFileSync(path.join(dir, '.apilint.yaml'), 'utf8')).toBe('rules: {}\n');
  });

  it('a file of a linted directory', async () => {
    mkdirSync(path.join(dir, 'specs'));
    writeFileSync(path.join(dir, 'specs/api.yaml'), ORDERS);
    const result = await runCli(['lint', 'specs', '-f', 'json', '-o', 'specs/api.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(readFileSync(path.join(dir, 'specs/api.yaml'), 'utf8')).toBe(ORDERS);
  });
});
