/** The Dockerfile, checked offline (no image is built). */
import { dockerfileProblems, userFolders } from './support/dockerfile';
import { read } from './support/files';

/** End of support of Node.js LTS lines (nodejs.org/en/about/previous-releases). */
const NODE_END_OF_LIFE: Record<number, string> = {
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
};

describe('Dockerfile', () => {
  it('runs on a Node.js LTS line that is still supported, while the code keeps supporting 20.19+', () => {
    const major = Number(/^ARG NODE_IMAGE=node:(\d+)-/m.exec(read('Dockerfile'))?.[1]);
    expect(NODE_END_OF_LIFE[major]).toBeDefined();
    expect(Date.parse(NODE_END_OF_LIFE[major])).toBeGreaterThan(Date.now());
    expect(JSON.parse(read('package.json')).engines.node).toBe('>=20.19');
  });

  it('installs every workspace, ships what is read at run time, and runs as a user', () => {
    expect(dockerfileProblems(read('Dockerfile'), read('.dockerignore'))).toEqual([]);
  });

  it('reports a workspace left out, a file excluded from the context, and root', () => {
    const dockerfile = read('Dockerfile')
      .replace(/^COPY --from=build \/app\/gateway\/dist.*$/m, '')
      .replace(/^USER .*$/m, 'USER root');
    expect(dockerfileProblems(dockerfile, `${read('.dockerignore')}\ndeploy\n`)).toEqual(
      expect.arrayContaining([
        'gateway/dist is not in the runtime stage',
        'COPY deploy/docker: excluded by .dockerignore',
        'the runtime stage runs as root',
      ]),
    );
  });

  it('reports a manifest missing or copied after `npm ci`, and migrations left out', () => {
    const inboxManifest = /^COPY services\/inbox\/package\.json.*$/m;
    const line = read('Dockerfile').match(inboxManifest)![0];
    const dockerfile = read('Dockerfile')
      .replace(inboxManifest, '')
      .replace(/^RUN npm ci --omit=dev$/m, `RUN npm ci --omit=dev\n${line}`)
      .replace(/^COPY tools\/bench\/package\.json.*$/m, '')
      .replace(/^COPY --from=build \/app\/services\/inbox\/src\/db\/migrations.*$/m, '');
    expect(dockerfileProblems(dockerfile, read('.dockerignore')).sort()).toEqual(
      [
        'services/inbox/package.json is not copied before `npm ci` in stage build',
        'services/inbox/package.json is not copied before `npm ci` in stage prod-deps',
        'tools/bench/package.json is not copied before `npm ci` in stage build',
        'tools/bench/package.json is not copied before `npm ci` in stage prod-deps',
        'services/inbox/src/db/migrations (read at run time) is not in the runtime stage',
      ].sort(),
    );
  });

  it("makes data/ and data/media the service user's, and notices when it does not", () => {
    expect(userFolders(read('Dockerfile'))).toEqual(expect.arrayContaining(['/app/data', '/app/data/media']));
    const withoutChown = read('Dockerfile').replace(/ && chown -R node:node data/, '');
    expect(userFolders(withoutChown)).toEqual([]);
    const shallow = read('Dockerfile').replace(/chown -R node:node data/, 'chown node:node data');
    expect(userFolders(shallow)).toEqual(['/app/data']);
  });
});
