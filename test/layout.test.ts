import fs from 'node:fs';
import path from 'node:path';

// The inner shape every workspace keeps (docs/decisions.md, "Same inner shape in every service"),
// checked here so that a new service copies the clean shape and an old one does not drift.

const ROOT = path.resolve(__dirname, '..');
const WORKSPACES = ['packages', 'services', 'gateway', 'all-in-one', 'tools'];

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'generated', 'migrations'].includes(entry.name) ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const allFiles = WORKSPACES.flatMap((w) => filesUnder(path.join(ROOT, w))).map(relative);
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const isTest = (file: string) => file.endsWith('.test.ts');
const isTestSupport = (file: string) => /(^|\/)testing\//.test(file) || isTest(file);
const serviceSources = allFiles.filter((f) => /^services\/[^/]+\/src\//.test(f) && !isTestSupport(f));

/**
 * Files known to build SQL outside db/, each waiting for its owner to move the query into a
 * repository. An entry that no longer does fails the test below, so this list only shrinks.
 */
const SQL_OUTSIDE_DB_TO_MOVE: string[] = [];

describe('the inner shape of every workspace', () => {
  it('keeps SQL in db/ repositories: no query building elsewhere in a service', () => {
    const offenders = serviceSources
      .filter((f) => !/\/src\/db\//.test(f))
      .filter((f) => {
        const source = read(f);
        return (
          /from 'drizzle-orm'/.test(source) ||
          // The drizzle tag, and its raw form, however the expression is spaced.
          /\bsql\s*`|\bsql\s*\.\s*raw\s*\(/.test(source) ||
          // A query started on a database or a transaction, the chain split over lines or not.
          /\b(db|tx)\s*\.\s*(select\w*|insert|update|delete|execute|query)\b/.test(source)
        );
      });
    expect({
      offenders: offenders.filter((f) => !SQL_OUTSIDE_DB_TO_MOVE.includes(f)),
      moved: SQL_OUTSIDE_DB_TO_MOVE.filter((f) => !offenders.includes(f)),
    }).toEqual({ offenders: [], moved: [] });
  });

  it('names every test that opens a database *.integration.test.ts', () => {
    const opensDatabase =
      /\b(openTestDatabase|openPglite|openPostgres|messagingFixture|create\w*Testbed|open\w*Testbed)\b/;
    const offenders = allFiles
      .filter((f) => isTest(f) && !/\.(integration|e2e)\.test\.ts$/.test(f))
      .filter((f) => opensDatabase.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it('keeps test builders in testing/ folders, out of use cases and out of package entry points', () => {
    const misplaced = allFiles.filter(
      (f) =>
        !isTest(f) &&
        !/(^|\/)testing\//.test(f) &&
        /(-builders|test-kit|testbed|fixtures?)\.ts$|(^|\/)(fixtures?|builders)\//.test(f),
    );
    const useCasesLeaning = serviceSources.filter(
      (f) => /\/usecases\//.test(f) && /from '(\.\.\/)+testing\//.test(read(f)),
    );
    const exported = allFiles.filter(
      (f) => /^[^/]+(\/[^/]+)?\/src\/index\.ts$/.test(f) && /from '\.\/testing/.test(read(f)),
    );
    expect({ misplaced, useCasesLeaning, exported }).toEqual({
      misplaced: [],
      useCasesLeaning: [],
      exported: [],
    });
  });

  it('has no runtime import cycle inside a workspace', () => {
    const sources = allFiles.filter((f) => !isTest(f));
    const known = new Set(sources);
    const imports = new Map<string, string[]>();
    for (const file of sources) {
      const targets: string[] = [];
      // Type-only imports are erased from the JavaScript: they cannot make a load-order cycle.
      for (const [, spec] of read(file).matchAll(/(?:import|export)\s(?!type\s)[^'"]*?from\s+'(\.[^']+)'/g)) {
        const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        const target = [`${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
        if (target) targets.push(target);
      }
      imports.set(file, targets);
    }
    // Depth-first search; a file met again while still on the path closes a cycle.
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      state.set(file, 'open');
      for (const next of imports.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next, [...trail, next]);
      }
      state.set(file, 'done');
    };
    for (const file of sources) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
  });
});
