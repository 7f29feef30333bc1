/**
 * Rendering the kustomizations with `kubectl kustomize`, as `kubectl apply -k` would. kubectl is
 * required: without it (or with one whose kustomize is too old for these files) every render
 * throws, naming what to install, so the tests fail instead of passing on what they never saw.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { K8S_DIR, parseYaml, tempDir, writeFiles } from './files';
import type { K8sObject } from './kubernetes-schema';

/**
 * Components with `labels`, `images` and `namespace`, `$patch: delete` in component patches, and
 * configMapGenerator merges need kustomize v5 (kubectl 1.27+). Debian's `kubernetes-client` is
 * 1.20, with kustomize v2.
 */
export const MIN_KUSTOMIZE_MAJOR = 5;

const INSTALL =
  'install kubectl 1.27 or later (it embeds kustomize v5): .ci/run uses the one on PATH, else ' +
  "Debian's kubernetes-client, which is too old for these overlays";

/** kubectl's client and kustomize versions, or why they cannot render the overlays. */
export function kubectlVersions(env: NodeJS.ProcessEnv = process.env): {
  kubectl: string;
  kustomize: string;
} {
  const result = spawnSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8', env });
  if (result.error) throw new Error(`kubectl is not installed (${result.error.message}): ${INSTALL}`);
  let parsed: { clientVersion?: { gitVersion?: string }; kustomizeVersion?: string };
  try {
    parsed = JSON.parse(result.stdout) as typeof parsed;
  } catch {
    throw new Error(
      `kubectl version --client -o json answered no JSON (${result.stderr.trim()}): ${INSTALL}`,
    );
  }
  const kubectl = parsed.clientVersion?.gitVersion ?? 'unknown';
  const kustomize = parsed.kustomizeVersion ?? 'none';
  const major = Number(/^v?(\d+)/.exec(kustomize)?.[1] ?? 0);
  if (major < MIN_KUSTOMIZE_MAJOR) {
    throw new Error(
      `kubectl ${kubectl} embeds kustomize ${kustomize}; these overlays need kustomize v${MIN_KUSTOMIZE_MAJOR}: ${INSTALL}`,
    );
  }
  return { kubectl, kustomize };
}

const rendered = new Map<string, K8sObject[]>();

/** The objects `kubectl kustomize <dir>` renders (cached per folder: the files do not change during a run). */
export function render(dir: string): K8sObject[] {
  const full = path.resolve(K8S_DIR, dir);
  const cached = rendered.get(full);
  if (cached) return structuredClone(cached);
  kubectlVersions();
  const result = spawnSync('kubectl', ['kustomize', full], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`kubectl kustomize ${path.relative(K8S_DIR, full)} failed: ${result.stderr.trim()}`);
  }
  const objects = parseYaml(result.stdout, full) as K8sObject[];
  rendered.set(full, objects);
  return structuredClone(objects);
}

/**
 * A component rendered on a kustomization (the base by default): components cannot be built
 * alone. `extra` adds lines to the temporary kustomization (e.g. the values an overlay must give).
 */
export function renderComponent(component: string, extra = '', on = 'base'): K8sObject[] {
  const dir = tempDir();
  const up = (target: string) => path.relative(dir, path.join(K8S_DIR, target));
  writeFiles(dir, {
    'kustomization.yaml': [
      'apiVersion: kustomize.config.k8s.io/v1beta1',
      'kind: Kustomization',
      'namespace: test',
      `resources: [${up(on)}]`,
      `components: [${up(component)}]`,
      extra,
    ].join('\n'),
  });
  return render(dir);
}

/** Every folder under deploy/k8s holding a kustomization.yaml, relative to deploy/k8s. */
export function kustomizationDirs(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (!entry.isDirectory()) return [];
      const full = path.join(dir, entry.name);
      const here = fs.existsSync(path.join(full, 'kustomization.yaml')) ? [full] : [];
      return [...here, ...walk(full)];
    });
  return walk(K8S_DIR).map((dir) => path.relative(K8S_DIR, dir));
}

/** Whether a folder holds a Component (rendered only through a kustomization that includes it). */
export function isComponent(dir: string): boolean {
  const text = fs.readFileSync(path.join(K8S_DIR, dir, 'kustomization.yaml'), 'utf8');
  return /^kind:\s*Component\s*$/m.test(text);
}
