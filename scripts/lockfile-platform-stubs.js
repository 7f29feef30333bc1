#!/usr/bin/env node
// The package registry reachable here serves only the Linux builds of packages with native
// binaries (@swc/core-*, @unrs/resolver-binding-*); npm then leaves the other platforms' optional
// packages out of package-lock.json and `npm ci` refuses the lock file as out of sync. This adds
// each missing optional package with its os/cpu, which is what npm records on a machine that can
// see them: npm ci skips them as built for another platform. Run after `npm install`.
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.resolve(__dirname, '../package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const OS = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c)) ?? (parts.includes('universal') ? 'arm64' : undefined);
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.includes('gnu') || parts.includes('gnueabihf')
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const location = `${key ? `${key}/` : ''}node_modules/${dep}`.replace(/^\//, '');
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[location] || lock.packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue;
    lock.packages[hoisted] = {
      version: version.replace(/^[\^~]/, ''),
      ...(cpu ? { cpu: [cpu] } : {}),
      dev: entry.dev || undefined,
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform stubs to package-lock.json`);
