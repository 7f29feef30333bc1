/** Kustomizations: references that resolve, fields that exist, overrides that hit something. */
import fs from 'node:fs';
import path from 'node:path';
import { loadYaml } from './files';
import { containersOf } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';

const KUSTOMIZATION_FIELDS = new Set(
  (
    'apiVersion kind metadata resources components patches patchesStrategicMerge patchesJson6902 images ' +
    'replicas namespace namePrefix nameSuffix labels commonLabels commonAnnotations configMapGenerator ' +
    'secretGenerator generatorOptions replacements crds generators transformers validators openapi ' +
    'buildMetadata helmCharts sortOptions'
  ).split(' '),
);
const ENTRY_FIELDS: Record<string, Set<string>> = {
  images: new Set(['name', 'newName', 'newTag', 'digest']),
  replicas: new Set(['name', 'count']),
  patches: new Set(['path', 'patch', 'target', 'options']),
};

type Kustomization = Record<string, unknown> & {
  kind?: string;
  resources?: string[];
  components?: string[];
  patches?: { path?: string }[];
  patchesStrategicMerge?: string[];
  images?: { name: string }[];
  replicas?: { name: string }[];
};

export function isKustomization(file: string) {
  return /^kustomization\.ya?ml$/.test(path.basename(file));
}

function kustomizationIn(dir: string): string | undefined {
  return ['kustomization.yaml', 'kustomization.yml'].map((name) => path.join(dir, name)).find(fs.existsSync);
}

/**
 * The objects a kustomization's resources and components hold (recursively); files and folders
 * that are missing are skipped.
 */
export function resourcesOf(file: string): K8sObject[] {
  const dir = path.dirname(file);
  const k = loadYaml(file)[0] as Kustomization;
  return [...(k.resources ?? []), ...(k.components ?? [])].flatMap((entry) => {
    const target = path.resolve(dir, entry);
    if (!fs.existsSync(target)) return [];
    if (!fs.statSync(target).isDirectory()) return loadYaml(target) as K8sObject[];
    const nested = kustomizationIn(target);
    return nested ? resourcesOf(nested) : [];
  });
}

/** The YAML files a kustomization's resources name (not those of nested kustomizations). */
export function resourceFiles(file: string): string[] {
  const k = loadYaml(file)[0] as Kustomization;
  return (k.resources ?? []).flatMap((entry) => {
    const target = path.resolve(path.dirname(file), entry);
    if (!fs.existsSync(target)) return [];
    return fs.statSync(target).isDirectory() ? [] : [target];
  });
}

/** Files a kustomization uses as patches, resolved. */
export function patchFiles(file: string): string[] {
  const k = loadYaml(file)[0] as Kustomization;
  const paths = [
    ...(k.patches ?? []).flatMap((p) => (p.path ? [p.path] : [])),
    ...(k.patchesStrategicMerge ?? []),
  ];
  return paths.map((p) => path.resolve(path.dirname(file), p));
}

const imageRepository = (image: string) => image.split('@')[0].replace(/:[^/:]+$/, '');

export function kustomizationProblems(file: string): string[] {
  const dir = path.dirname(file);
  const k = loadYaml(file)[0] as Kustomization;
  const problems: string[] = [];
  const component = k.kind === 'Component';
  if (
    component
      ? k.apiVersion !== 'kustomize.config.k8s.io/v1alpha1'
      : k.apiVersion !== 'kustomize.config.k8s.io/v1beta1' || k.kind !== 'Kustomization'
  ) {
    problems.push(
      component
        ? 'a Component is kustomize.config.k8s.io/v1alpha1'
        : 'apiVersion/kind is not kustomize.config.k8s.io/v1beta1 Kustomization',
    );
  }
  for (const entry of k.components ?? []) {
    const target = path.resolve(dir, entry);
    const nested = fs.existsSync(target) ? kustomizationIn(target) : undefined;
    if (!nested) problems.push(`component ${entry} is no folder with a kustomization.yaml`);
    else if ((loadYaml(nested)[0] as Kustomization).kind !== 'Component') {
      problems.push(`component ${entry} is not a kind: Component`);
    }
  }
  for (const key of Object.keys(k)) if (!KUSTOMIZATION_FIELDS.has(key)) problems.push(`unknown field ${key}`);
  for (const [field, allowed] of Object.entries(ENTRY_FIELDS)) {
    for (const entry of (k[field] as object[] | undefined) ?? []) {
      for (const key of Object.keys(entry)) {
        if (!allowed.has(key)) problems.push(`unknown field ${field}[].${key}`);
      }
    }
  }
  for (const entry of k.resources ?? []) {
    const target = path.resolve(dir, entry);
    if (!fs.existsSync(target)) problems.push(`resource ${entry} does not exist`);
    else if (fs.statSync(target).isDirectory() && !kustomizationIn(target)) {
      problems.push(`resource ${entry} is a folder without a kustomization.yaml`);
    }
  }
  const objects = resourcesOf(file);
  const ids = new Set(objects.map((o) => `${o.kind}/${o.metadata?.name}`));
  for (const patch of patchFiles(file)) {
    if (!fs.existsSync(patch)) {
      problems.push(`patch ${path.relative(dir, patch)} does not exist`);
      continue;
    }
    // A component's patches apply to the kustomization that includes it: rendering checks them.
    if (component) continue;
    for (const o of loadYaml(patch) as K8sObject[]) {
      const id = `${o.kind}/${o.metadata?.name}`;
      if (!ids.has(id)) {
        problems.push(`patch ${path.relative(dir, patch)} targets ${id}, which no resource defines`);
      }
    }
  }
  const repositories = new Set(objects.flatMap(containersOf).map((c) => imageRepository(c.image ?? '')));
  for (const image of component ? [] : (k.images ?? [])) {
    if (!repositories.has(image.name)) problems.push(`images: no container uses image ${image.name}`);
  }
  const workloads = new Set(objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata?.name));
  for (const r of k.replicas ?? []) {
    if (!workloads.has(r.name)) problems.push(`replicas: no Deployment ${r.name}`);
  }
  return problems;
}
