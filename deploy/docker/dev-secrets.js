'use strict';
/**
 * docker-compose only: makes the secrets a local stack needs on its first start, so that no key is
 * committed. Run as root by the `secrets` service; the files are handed to the image's `node` user.
 *   <dir>/directory: jwt-private.pem, jwt-public.pem, internal-auth-secret
 *   <dir>/gateway:   jwt-public.pem, internal-auth-secret (never the private key)
 * Kept across restarts; delete the volumes to rotate. Production gets its secrets from elsewhere.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const NODE_UID = 1000;
const NODE_GID = 1000;

function write(file, content) {
  fs.writeFileSync(file, content, { mode: 0o400 });
  if (process.getuid && process.getuid() === 0) fs.chownSync(file, NODE_UID, NODE_GID);
}

function read(dir, name) {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

const root = process.argv[2] ?? '/secrets';
const directoryDir = path.join(root, 'directory');
const gatewayDir = path.join(root, 'gateway');
fs.mkdirSync(directoryDir, { recursive: true });
fs.mkdirSync(gatewayDir, { recursive: true });

let publicKey = read(directoryDir, 'jwt-public.pem');
let internalSecret = read(directoryDir, 'internal-auth-secret');
if (!read(directoryDir, 'jwt-private.pem') || !publicKey || !internalSecret) {
  const pair = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  internalSecret = crypto.randomBytes(32).toString('base64url');
  for (const name of ['jwt-private.pem', 'jwt-public.pem', 'internal-auth-secret']) {
    fs.rmSync(path.join(directoryDir, name), { force: true });
  }
  write(path.join(directoryDir, 'jwt-private.pem'), pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  write(path.join(directoryDir, 'jwt-public.pem'), publicKey);
  write(path.join(directoryDir, 'internal-auth-secret'), internalSecret);
}
// The gateway's copies always follow the directory's (also after a partial first run).
for (const [name, content] of [
  ['jwt-public.pem', publicKey],
  ['internal-auth-secret', internalSecret],
]) {
  fs.rmSync(path.join(gatewayDir, name), { force: true });
  write(path.join(gatewayDir, name), content);
}
console.log(`secrets ready in ${root}`);
