'use strict';
/**
 * docker-compose only: makes the secrets a local stack needs on its first start, so that no key is
 * committed. Run as root by the `secrets` service; the files are handed to the image's `node` user.
 *   <dir>/directory:    jwt-private.pem, jwt-public.pem, internal-auth-secret
 *   <dir>/gateway:      jwt-public.pem, internal-auth-secret (never the private key),
 *                       whatsapp-app-secret, whatsapp-verify-token
 *   <dir>/inbox:        internal-auth-secret, inbox-encryption-key (32 bytes, hex), whatsapp-access-token
 *   <dir>/templates:    internal-auth-secret
 *   <dir>/campaigns:    internal-auth-secret (the API and its workers)
 *   <dir>/analytics:    internal-auth-secret
 *   <dir>/whatsapp-sim: whatsapp-app-secret, whatsapp-access-token (the simulator's side of the channel)
 * Each value is made once in the folder of its owner and copied to the others on every run, so a
 * volume added later (or a partial first run) gets the same values. Kept across restarts; delete
 * the volumes to rotate. Production gets its secrets from elsewhere.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const NODE_UID = 1000;
const NODE_GID = 1000;

function write(file, content) {
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, content, { mode: 0o400 });
  if (process.getuid && process.getuid() === 0) fs.chownSync(file, NODE_UID, NODE_GID);
}

function read(file) {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

const root = process.argv[2] ?? '/secrets';
const folder = (owner) => path.join(root, owner);
for (const owner of [
  'directory',
  'gateway',
  'inbox',
  'templates',
  'campaigns',
  'analytics',
  'whatsapp-sim',
]) {
  fs.mkdirSync(folder(owner), { recursive: true });
}

// The token key pair and the internal secret are made together: a partial set is made again whole.
const directoryFile = (name) => path.join(folder('directory'), name);
const pairNames = ['jwt-private.pem', 'jwt-public.pem', 'internal-auth-secret'];
if (pairNames.some((name) => !read(directoryFile(name)))) {
  const pair = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  write(directoryFile('jwt-private.pem'), pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  write(directoryFile('jwt-public.pem'), pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  write(directoryFile('internal-auth-secret'), crypto.randomBytes(32).toString('base64url'));
}

// Single values, each kept by one owner: [owner, file, how to make it].
const owned = [
  ['inbox', 'inbox-encryption-key', () => crypto.randomBytes(32).toString('hex')],
  ['inbox', 'whatsapp-access-token', () => crypto.randomBytes(32).toString('base64url')],
  ['gateway', 'whatsapp-app-secret', () => crypto.randomBytes(32).toString('hex')],
  ['gateway', 'whatsapp-verify-token', () => crypto.randomBytes(24).toString('base64url')],
];
for (const [owner, name, make] of owned) {
  const file = path.join(folder(owner), name);
  if (!read(file)) write(file, make());
}

// Copies always follow their owner's file: [owner, file, copied to].
const copies = [
  ['directory', 'jwt-public.pem', ['gateway']],
  ['directory', 'internal-auth-secret', ['gateway', 'inbox', 'templates', 'campaigns', 'analytics']],
  ['gateway', 'whatsapp-app-secret', ['whatsapp-sim']],
  ['inbox', 'whatsapp-access-token', ['whatsapp-sim']],
];
for (const [owner, name, targets] of copies) {
  const content = read(path.join(folder(owner), name));
  for (const target of targets) write(path.join(folder(target), name), content);
}
console.log(`secrets ready in ${root}`);
