'use strict';
/**
 * Preloaded with `node --require ./deploy/docker/env-from-files.js <main.js>` (docker-compose) or
 * `NODE_OPTIONS=--require /app/deploy/docker/env-from-files.js` (Kubernetes): for every
 * `NAME_FILE=/path` in the environment, sets `NAME` to that file's content unless `NAME` is
 * already set to something other than the empty string — the Docker-secrets convention, so keys
 * and secrets need not sit in the environment. An empty `NAME` counts as unset, so that
 * `NAME: ${NAME:-}` in docker-compose.yml lets a developer's value win over the generated file.
 * A file that does not exist leaves `NAME` unset: a Kubernetes Secret mounted as a folder has a
 * file only for the keys it holds, so an optional key is simply left out of it (and a required
 * one is reported by the service's config, naming the variable). The service's own config then
 * reads `NAME` as usual.
 */
const fs = require('node:fs');

for (const [key, file] of Object.entries(process.env)) {
  if (!key.endsWith('_FILE') || !file) continue;
  const name = key.slice(0, -'_FILE'.length);
  if (process.env[name] !== undefined && process.env[name] !== '') continue;
  let content;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') continue;
    throw error;
  }
  process.env[name] = content.replace(/\r?\n$/, '');
}
