/** deploy/k8s, file by file: the Kubernetes schema with no unknown field, and the kustomizations. */
import fs from 'node:fs';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import {
  clone,
  K8S_DIR,
  loadYaml,
  rel,
  ROOT,
  SECRET_EXAMPLE,
  tempDir,
  writeFiles,
  yamlFiles,
} from './support/files';
import type { K8sObject } from './support/kubernetes-schema';
import { kubernetesProblems } from './support/kubernetes-schema';
import {
  isKustomization,
  kustomizationProblems,
  patchFiles,
  resourceFiles,
  resourcesOf,
} from './support/kustomize';
import { secretExamples } from './support/k8s-objects';

const k8sFiles = yamlFiles(K8S_DIR);
const kustomizations = k8sFiles.filter(isKustomization);
const patches = new Set(kustomizations.flatMap(patchFiles));
const baseObjects = () => resourcesOf(path.join(K8S_DIR, 'base/kustomization.yaml'));

describe('deploy/k8s files', () => {
  it.each(k8sFiles.filter((f) => !isKustomization(f)).map(rel))(
    '%s: valid against the Kubernetes schema, with no unknown field',
    async (file) => {
      const docs = loadYaml(path.join(ROOT, file)) as K8sObject[];
      expect(docs.length).toBeGreaterThan(0);
      const partial = patches.has(path.join(ROOT, file));
      const problems = await Promise.all(docs.map((doc) => kubernetesProblems(doc, { partial })));
      expect(problems.flat()).toEqual([]);
    },
  );

  it('rejects misspelt fields, wrong types and unknown kinds', async () => {
    const deployment = clone(baseObjects().find((o) => o.kind === 'Deployment')!) as IDeployment;
    const container = deployment.spec!.template.spec!.containers[0] as unknown as Record<string, unknown>;
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    const port = (container.ports as Record<string, unknown>[])[0];
    port.contianerPort = port.containerPort;
    delete port.containerPort;
    (deployment.spec as unknown as Record<string, unknown>).replicas = 'two';
    const problems = await kubernetesProblems(deployment as unknown as K8sObject);
    expect(problems).toEqual(
      expect.arrayContaining([
        '/spec/template/spec/containers/0/readinesProbe is not a field of the schema',
        '/spec/template/spec/containers/0/ports/0/contianerPort is not a field of the schema',
        expect.stringMatching(/^\/spec\/replicas must be integer/),
        expect.stringMatching(/^\/spec\/template\/spec\/containers\/0\/ports\/0 must have required property/),
      ]),
    );
    expect(await kubernetesProblems({ apiVersion: 'apps/v1', kind: 'Deploymnet' })).toEqual([
      'no kubernetes-models model for apiVersion apps/v1, kind Deploymnet',
    ]);
  });

  it('rejects a misspelt field of the media claim and of a gRPC probe', async () => {
    const objects = clone(baseObjects());
    const claim = objects.find((o) => o.kind === 'PersistentVolumeClaim')! as Record<string, any>;
    claim.spec.accesModes = claim.spec.accessModes;
    delete claim.spec.accessModes;
    const inbox = objects.find((o) => o.metadata?.name === 'inbox' && o.kind === 'Deployment') as any;
    inbox.spec.template.spec.containers[0].livenessProbe.grpc.servce = 'liveness';
    const problems = (await Promise.all(objects.map((o) => kubernetesProblems(o)))).flat();
    expect(problems.sort()).toEqual([
      '/spec/accesModes is not a field of the schema',
      '/spec/template/spec/containers/0/livenessProbe/grpc/servce is not a field of the schema',
    ]);
  });

  it('uses every file in a kustomization, except the example Secret', () => {
    const used = new Set([...kustomizations, ...patches, ...kustomizations.flatMap(resourceFiles)]);
    expect(k8sFiles.filter((f) => !used.has(f)).map(rel)).toEqual([rel(SECRET_EXAMPLE)]);
  });

  it('documents every example Secret and its keys in deploy/k8s/README.md', () => {
    const readme = fs.readFileSync(path.join(K8S_DIR, 'README.md'), 'utf8');
    const undocumented = (keys: Iterable<string>) => [...keys].filter((k) => !readme.includes(`| \`${k}\``));
    const examples = secretExamples();
    expect(undocumented(new Set([...examples.values()].flatMap(Object.keys)))).toEqual([]);
    expect([...examples.keys()].filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    expect(undocumented(['CAMPAIGN_QUEUE_URL'])).toEqual(['CAMPAIGN_QUEUE_URL']);
  });
});

describe('deploy/k8s kustomizations', () => {
  it.each(kustomizations.map(rel))('%s: references exist and overrides hit something', (file) => {
    expect(kustomizationProblems(path.join(ROOT, file))).toEqual([]);
  });

  it('reports missing references, unknown fields and overrides that hit nothing', () => {
    const dir = tempDir();
    writeFiles(dir, {
      'base/kustomization.yaml': fs.readFileSync(path.join(K8S_DIR, 'base/kustomization.yaml'), 'utf8'),
      'base/gateway.yaml': fs.readFileSync(path.join(K8S_DIR, 'base/gateway.yaml'), 'utf8'),
      'overlay/kustomization.yaml': [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources: [../base, ../missing.yaml]',
        'patchesStrategicMerge: [absent.yaml]',
        'patches: [{ path: patch.yaml }]',
        'images: [{ name: open-inbx, newTag: x }]',
        'replicas: [{ name: gateway, count: 1 }, { name: gatway, count: 1 }, { name: inbox, count: 1 }]',
        'namespce: inbox',
        'components: [../base, ../absent-component]',
      ].join('\n'),
      'overlay/patch.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: inbox-config\n',
    });
    expect(kustomizationProblems(path.join(dir, 'overlay/kustomization.yaml')).sort()).toEqual(
      [
        'unknown field namespce',
        'component ../base is not a kind: Component',
        'component ../absent-component is no folder with a kustomization.yaml',
        'resource ../missing.yaml does not exist',
        'patch absent.yaml does not exist',
        'patch patch.yaml targets ConfigMap/inbox-config, which no resource defines',
        'images: no container uses image open-inbx',
        'replicas: no Deployment gatway',
        // base/inbox.yaml was not copied: the replica count hits nothing.
        'replicas: no Deployment inbox',
      ].sort(),
    );
  });
});
