/** Reading the repository's deployment files, temporary folders, and running installed tools. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';

export const ROOT = path.resolve(__dirname, '../../..');
export const K8S_DIR = path.join(ROOT, 'deploy/k8s');
export const SECRET_EXAMPLE = path.join(K8S_DIR, 'base/secret.example.yaml');
/** The workspaces of the root package.json, in its order. */
export const WORKSPACES = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces;

export const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
export const clone = <T>(value: T): T => structuredClone(value);
export const rel = (file: string) => path.relative(ROOT, file);

/** Every document of a YAML file (merge keys `<<` applied), empty documents left out. */
export function loadYaml(file: string): unknown[] {
  return parseYaml(fs.readFileSync(file, 'utf8'), file);
}

export function parseYaml(text: string, name = 'yaml'): unknown[] {
  return parseAllDocuments(text, { merge: true })
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${name}: ${doc.errors[0].message}`);
      return doc.toJS() as unknown;
    })
    .filter((doc) => doc !== null && doc !== undefined);
}

export function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

export function onPath(binary: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, binary), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const execFileAsync = promisify(execFile);

/** Exit code and output of a command (never throws for a non-zero exit). */
export async function run(
  file: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
) {
  try {
    const { stdout, stderr } = await execFileAsync(file, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A fresh folder, removed after the test file. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-test-'));
  tempDirs.push(dir);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
}

/** Runs deploy/docker/dev-secrets.js into a fresh folder and returns that folder. */
export async function generatedSecrets(): Promise<string> {
  const dir = tempDir();
  const result = await run(process.execPath, [path.join(ROOT, 'deploy/docker/dev-secrets.js'), dir]);
  if (result.code !== 0) throw new Error(`dev-secrets.js failed: ${result.stderr}`);
  return dir;
}
