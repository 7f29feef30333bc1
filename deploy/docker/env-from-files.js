'use strict';
/**
 * Preloaded with `node --require ./deploy/docker/env-from-files.js <main.js>`: for every
 * `NAME_FILE=/path` in the environment, sets `NAME` to that file's content unless `NAME` is
 * already set to something other than the empty string — the Docker-secrets convention, so keys
 * and secrets need not sit in the environment of the compose file. An empty `NAME` counts as
 * unset, so that `NAME: ${NAME:-}` in docker-compose.yml lets a developer's value win over the
 * generated file. The service's own config then reads `NAME` as usual.
 */
const fs = require('node:fs');

for (const [key, file] of Object.entries(process.env)) {
  if (!key.endsWith('_FILE') || !file) continue;
  const name = key.slice(0, -'_FILE'.length);
  if (process.env[name] === undefined || process.env[name] === '') {
    process.env[name] = fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  }
}
