#!/usr/bin/env node
// Generates TypeScript types for every .proto file with the same options the runtime uses
// (src/proto-loader-options.json). With --check it generates into a temporary folder and
// fails when the checked-in types differ, so stale types cannot reach main.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const options = require('../src/proto-loader-options.json');
const protoRoot = path.resolve(__dirname, '../../../proto');
const target = path.resolve(__dirname, '../src/generated');
const check = process.argv.includes('--check');

function protoFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return protoFiles(full);
    return entry.name.endsWith('.proto') ? [path.relative(protoRoot, full)] : [];
  });
}

function generate(outDir) {
  const flags = [
    `--keepCase=${options.keepCase}`,
    `--longs=${options.longs}`,
    `--enums=${options.enums}`,
    `--defaults=${options.defaults}`,
    `--arrays=${options.arrays}`,
    `--oneofs=${options.oneofs}`,
    '--grpcLib=@grpc/grpc-js',
    '-I',
    '.',
    '-O',
    outDir,
  ];
  const bin = require.resolve('@grpc/proto-loader/build/bin/proto-loader-gen-types.js');
  execFileSync(process.execPath, [bin, ...flags, ...protoFiles(protoRoot).sort()], {
    stdio: 'inherit',
    cwd: protoRoot,
  });
}

function listTree(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)))
    .sort();
}

if (!check) {
  fs.rmSync(target, { recursive: true, force: true });
  generate(target);
  process.exit(0);
}

const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'proto-types-'));
generate(fresh);
const a = listTree(fresh);
const b = listTree(target);
const stale = [...new Set([...a, ...b])].filter(
  (f) =>
    !a.includes(f) ||
    !b.includes(f) ||
    !fs.readFileSync(path.join(fresh, f)).equals(fs.readFileSync(path.join(target, f))),
);
fs.rmSync(fresh, { recursive: true, force: true });
if (stale.length > 0) {
  console.error(`Generated proto types are stale (${stale.join(', ')}). Run: npm run proto:generate`);
  process.exit(1);
}
console.log('proto types are up to date');
