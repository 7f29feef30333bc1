/** The Dockerfile: every workspace installed, what is read at run time shipped, a non-root user. */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, WORKSPACES } from './files';

/** Workspaces with nothing to run in the image: only their package.json, for `npm ci`. */
export const BUILD_ONLY_WORKSPACES = ['tools/bench'];

interface Stage {
  name?: string;
  base: string;
  workdir: string;
  lines: string[];
}

/** The stages, with continuation lines joined and comments left out. */
export function stagesOf(dockerfile: string): Stage[] {
  const lines = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) {
      const parent = stages.find((s) => s.name === from[1]);
      stages.push({ name: from[2], base: from[1], workdir: parent?.workdir ?? '/', lines: [] });
    } else if (stages.length > 0) {
      const stage = stages[stages.length - 1];
      const workdir = /^WORKDIR\s+(\S+)/i.exec(line);
      if (workdir) stage.workdir = path.posix.resolve(stage.workdir, workdir[1]);
      stage.lines.push(line);
    }
  }
  return stages;
}

const copyArgs = (line: string) => (/^COPY\s/i.test(line) ? line.split(/\s+/).slice(1) : undefined);
const sources = (args: string[]) => args.filter((a) => !a.startsWith('--')).slice(0, -1);
/** Sources copied from the build context (not from another stage) by these lines. */
const contextSources = (lines: string[]) =>
  lines
    .map(copyArgs)
    .filter((a): a is string[] => !!a && !a.some((x) => x.startsWith('--from=')))
    .flatMap(sources);

/** What a stage holds before its line `index`: its ancestors' lines, then its own. */
function linesBefore(stages: Stage[], stage: Stage, index: number): string[] {
  const parent = stages.find((s) => s.name === stage.base);
  const inherited = parent ? linesBefore(stages, parent, parent.lines.length) : [];
  return [...inherited, ...stage.lines.slice(0, index)];
}

export function dockerfileProblems(dockerfile: string, dockerignore: string): string[] {
  const stages = stagesOf(dockerfile);
  const problems: string[] = [];
  for (const stage of stages) {
    stage.lines.forEach((line, index) => {
      if (!/^RUN\s+npm\s+ci\b/.test(line)) return;
      const seen = contextSources(linesBefore(stages, stage, index));
      const manifests = [
        'package.json',
        'package-lock.json',
        ...WORKSPACES.map((ws) => `${ws}/package.json`),
      ];
      for (const file of manifests.filter((f) => !seen.includes(f))) {
        problems.push(`${file} is not copied before \`npm ci\` in stage ${stage.name}`);
      }
    });
  }
  const runtime = stages[stages.length - 1];
  const fromBuild = runtime.lines
    .map(copyArgs)
    .filter((a): a is string[] => !!a && a.includes('--from=build'))
    .flatMap(sources);
  for (const ws of WORKSPACES.filter((w) => !BUILD_ONLY_WORKSPACES.includes(w))) {
    if (!fromBuild.includes(`/app/${ws}/dist`)) problems.push(`${ws}/dist is not in the runtime stage`);
    const migrations = fs.existsSync(path.join(ROOT, ws, 'src/db/migrations'));
    if ((ws.startsWith('services/') || migrations) && !fromBuild.includes(`/app/${ws}/src/db/migrations`)) {
      problems.push(`${ws}/src/db/migrations (read at run time) is not in the runtime stage`);
    }
  }
  if (!fromBuild.includes('/app/proto'))
    problems.push('proto/ (read at run time) is not in the runtime stage');
  const ignored = dockerignore
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^\*\*\/|\/$/g, ''))
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
  for (const source of contextSources(stages.flatMap((s) => s.lines)).filter((s) => s !== '.')) {
    if (!fs.existsSync(path.join(ROOT, source))) problems.push(`COPY ${source}: no such file`);
    if (ignored.some((p) => source === p || source.startsWith(`${p}/`))) {
      problems.push(`COPY ${source}: excluded by .dockerignore`);
    }
  }
  const user = runtime.lines.filter((l) => /^USER\s/i.test(l)).pop();
  if (!user || /^USER\s+(root|0)(:|$)/i.test(user)) problems.push('the runtime stage runs as root');
  if (!stages.some((s) => s.lines.some((l) => /^RUN\s+npm\s+(ci|prune)\b.*--omit=dev/.test(l)))) {
    problems.push('the runtime dependencies are not installed without the dev dependencies');
  }
  return problems;
}

/**
 * Folders of the runtime image that its `RUN mkdir` creates and `chown` gives to the image's user
 * (node, 1000): an empty named volume mounted there takes that owner, so the service can write.
 */
export function userFolders(dockerfile: string): string[] {
  const runtime = stagesOf(dockerfile).at(-1)!;
  const abs = (p: string) => path.posix.resolve(runtime.workdir, p);
  const commands = runtime.lines
    .filter((l) => /^RUN\s/i.test(l))
    .flatMap((l) => l.replace(/^RUN\s+/i, '').split(/&&|;/))
    .map((c) => c.trim().split(/\s+/));
  const created = commands
    .filter(([cmd]) => cmd === 'mkdir')
    .flatMap((words) => words.slice(1).filter((w) => !w.startsWith('-')))
    .flatMap((dir) => {
      const parts = abs(dir).split('/');
      return parts.map((_p, i) => parts.slice(0, i + 1).join('/') || '/');
    });
  const chowns = commands.filter(
    ([cmd, ...rest]) => cmd === 'chown' && rest.some((w) => /^(node|1000)(:|$)/.test(w)),
  );
  const owned = (dir: string) =>
    chowns.some((words) => {
      const recursive = words.includes('-R');
      const targets = words.slice(1).filter((w) => !w.startsWith('-') && !/^(node|1000)(:|$)/.test(w));
      return targets.map(abs).some((t) => t === dir || (recursive && dir.startsWith(`${t}/`)));
    });
  return [...new Set(created)].filter(owned);
}
