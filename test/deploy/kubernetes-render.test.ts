/**
 * Every kustomization under deploy/k8s rendered with `kubectl kustomize` (never skipped: without
 * kubectl, or with a kustomize too old, these fail saying what to install), then checked whole:
 * valid objects, and every rule of support/ for every workload.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IService } from 'kubernetes-models/v1/Service';
import { APP, servesMetrics } from './support/apps';
import { sendRates, shutdownSteps, startsMetricsServer } from './support/code-facts';
import { tempDir, writeFiles } from './support/files';
import { BASE_APPS, deployment, DEV_APPS, production } from './support/fixtures';
import { ingressProblems } from './support/ingress';
import { containersOf, deploymentsOf, envOf, ofKind, secretExamples } from './support/k8s-objects';
import type { K8sObject } from './support/kubernetes-schema';
import { kubernetesProblems } from './support/kubernetes-schema';
import { migrationMatchProblems, migrationProblems } from './support/migrations';
import { isComponent, kubectlVersions, kustomizationDirs, render, renderComponent } from './support/render';
import { CPU_SCALED } from './support/scalers';
import { workloadProblems } from './support/workloads';

const kustomizations = kustomizationDirs().filter((dir) => !isComponent(dir));
const components = kustomizationDirs().filter(isComponent);
const overlays = kustomizations.filter((dir) => /^overlays\/[^/]+$/.test(dir));
/** The apps each overlay runs: the simulator in dev only. */
const APPS_OF: Record<string, typeof BASE_APPS> = { 'overlays/dev': DEV_APPS };
/** What a component needs from the overlay that includes it, for rendering it on the base. */
const COMPONENT_NEEDS: Record<string, string> = {
  'components/media-s3': [
    'configMapGenerator:',
    '  - name: inbox-config',
    '    behavior: merge',
    '    literals: [S3_BUCKET=media, S3_ENDPOINT=, S3_REGION=us-east-1, S3_FORCE_PATH_STYLE=true]',
  ].join('\n'),
};

const schemaProblems = async (objects: K8sObject[]) =>
  (await Promise.all(objects.map((o) => kubernetesProblems(o)))).flat();
const namespaces = (objects: K8sObject[]) =>
  new Set(objects.map((o) => (o.metadata as { namespace?: string }).namespace));

describe('kubectl kustomize', () => {
  it('is installed, with a kustomize that renders these overlays (v5)', () => {
    expect(kubectlVersions().kustomize).toMatch(/^v?[5-9]/);
  });

  it("fails, saying what to install, without kubectl or with Debian's 1.20 (kustomize v2)", () => {
    expect(() => kubectlVersions({ PATH: '' })).toThrow(
      /kubectl is not installed.*install kubectl 1\.27 or later/,
    );
    const dir = tempDir();
    const debian = { clientVersion: { gitVersion: 'v1.20.5' }, kustomizeVersion: 'v2.0.3' };
    writeFiles(dir, { kubectl: `#!/bin/sh\necho '${JSON.stringify(debian)}'\n` });
    fs.chmodSync(path.join(dir, 'kubectl'), 0o755);
    expect(() => kubectlVersions({ PATH: dir })).toThrow(
      'kubectl v1.20.5 embeds kustomize v2.0.3; these overlays need kustomize v5',
    );
  });

  it('finds the overlays, their migrations and the components', () => {
    expect(overlays.sort()).toEqual(['overlays/dev', 'overlays/production']);
    expect(kustomizations).toEqual(
      expect.arrayContaining([
        'base',
        'migrations',
        'overlays/dev/migrations',
        'overlays/production/migrations',
      ]),
    );
    expect(components.length).toBeGreaterThanOrEqual(4);
  });

  it.each(kustomizations)('%s renders into valid objects', async (dir) => {
    const objects = render(dir);
    expect(objects.length).toBeGreaterThan(0);
    expect(await schemaProblems(objects)).toEqual([]);
  });

  it.each(components)('%s renders on the base into valid objects that pass every rule', async (dir) => {
    const objects = renderComponent(dir, COMPONENT_NEEDS[dir]);
    expect(await schemaProblems(objects)).toEqual([]);
    expect(workloadProblems(objects, BASE_APPS)).toEqual([]);
  });
});

describe.each(overlays)('%s', (overlay) => {
  const apps = APPS_OF[overlay] ?? BASE_APPS;

  it('passes every rule for every workload', () => {
    expect(workloadProblems(render(overlay), apps)).toEqual([]);
  });

  it('puts everything in one namespace and runs a tagged image', () => {
    const objects = render(overlay);
    expect(namespaces(objects).size).toBe(1);
    expect([...namespaces(objects)][0]).toBeDefined();
    for (const image of objects.flatMap(containersOf).map((c) => c.image)) {
      expect(image).toMatch(/^[^:]+:[\w.-]+$/);
      expect(image).not.toMatch(/:latest$/);
    }
  });

  it('has its migrations, in its namespace, on its image', () => {
    const migrations = render(`${overlay}/migrations`);
    expect(migrationProblems(migrations)).toEqual([]);
    expect(migrationMatchProblems(migrations, render(overlay))).toEqual([]);
  });
});

describe('deploy/k8s/migrations', () => {
  it('has one Job per service schema, each bounded, hooked before the sync and let out to PostgreSQL', () => {
    expect(migrationProblems(render('migrations'))).toEqual([]);
  });
});

describe('overlays/production', () => {
  it('serves HTTPS through an Ingress that takes 100 MB documents', () => {
    expect(ingressProblems(production())).toEqual([]);
  });

  it('scales the gateway and the directory on CPU, and the campaign workers on the queue capped by the send rate', () => {
    const objects = production();
    const hpas = ofKind<{ spec: { scaleTargetRef: { name: string } } }>(objects, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(Object.keys(CPU_SCALED).sort());
    const scaler = objects.find((o) => o.kind === 'ScaledObject') as K8sObject & {
      spec: { maxReplicaCount: number };
    };
    // One number upgraded to the high rate, at about 150 sends/s per replica.
    expect(scaler.spec.maxReplicaCount).toBe(Math.ceil(sendRates().high / 150));
  });

  it('keeps media in the bucket, so the inbox and the templates service run two replicas and roll', () => {
    const objects = production();
    expect(objects.filter((o) => o.kind === 'PersistentVolumeClaim')).toEqual([]);
    for (const name of ['inbox', 'templates']) {
      const d = deployment(objects, name);
      const env = envOf(
        d.spec!.template.spec!.containers[0],
        ofKind(objects, 'ConfigMap'),
        d.spec!.template.spec,
      );
      expect(env.get('BLOB_STORE')?.value).toBe('s3');
      expect(d.spec!.replicas).toBeGreaterThanOrEqual(2);
      expect(d.spec!.strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } });
    }
    const templates = deployment(objects, 'templates').spec!.template.spec!.containers[0];
    templates.volumeMounts = templates.volumeMounts!.filter((m) => m.name !== 'media');
    expect(workloadProblems(objects, BASE_APPS)).toEqual([
      'templates: MEDIA_DIR=/app/data/template-media (uploads in progress) is on no writable volume',
    ]);
  });

  it('runs every Deployment with a disruption budget, and two or more of all but the singletons', () => {
    const objects = production();
    const budgets = ofKind<{ spec: { selector: { matchLabels: Record<string, string> } } }>(
      objects,
      'PodDisruptionBudget',
    );
    for (const d of deploymentsOf(objects) as IDeployment[]) {
      const name = d.metadata!.name!;
      expect(budgets.some((b) => b.spec.selector.matchLabels['app.kubernetes.io/name'] === name)).toBe(true);
      if (APP[name as keyof typeof APP]?.singleton || name === 'campaigns-worker') continue;
      const fixed = d.spec!.replicas;
      const hpa = ofKind<{ spec: { scaleTargetRef: { name: string }; minReplicas: number } }>(
        objects,
        'HorizontalPodAutoscaler',
      ).find((h) => h.spec.scaleTargetRef.name === name);
      expect(hpa?.spec.minReplicas ?? fixed).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('the optional components', () => {
  it('service-monitor: scrapes the metrics port of every process that serves one', () => {
    const objects = renderComponent('components/service-monitor');
    const service = ofKind<IService>(objects, 'Service').find(
      (s) => s.metadata?.name === 'open-inbox-metrics',
    )!;
    const monitor = objects.find((o) => o.kind === 'ServiceMonitor') as K8sObject & {
      spec: { selector: { matchLabels: Record<string, string> }; endpoints: { port: string }[] };
    };
    expect(service.metadata?.labels).toMatchObject(monitor.spec.selector.matchLabels);
    expect(monitor.spec.endpoints.map((e) => e.port)).toEqual(['metrics']);
    for (const app of BASE_APPS) {
      const labels = deployment(objects, app).spec!.template.metadata!.labels!;
      const selected = Object.entries(service.spec!.selector!).every(([k, v]) => labels[k] === v);
      const port = deployment(objects, app).spec!.template.spec!.containers[0].ports!.some(
        (p) => p.name === 'metrics',
      );
      expect({ app, scraped: selected && port }).toEqual({ app, scraped: servesMetrics(app) });
    }
  });

  it('external-secrets: writes each Secret of secret.example.yaml, the shared values from one entry', () => {
    const objects = render('external-secrets');
    const examples = secretExamples();
    type ExternalSecret = {
      spec: {
        target: { name: string };
        data?: { secretKey: string; remoteRef: { key: string } }[];
        dataFrom?: { extract?: { key: string } }[];
      };
    };
    const targets = ofKind<ExternalSecret>(objects, 'ExternalSecret').map((e) => e.spec.target.name);
    expect(targets.sort()).toEqual(
      [...examples.keys()].filter((name) => name !== 'whatsapp-sim-secrets').sort(),
    );
    for (const external of ofKind<ExternalSecret>(objects, 'ExternalSecret')) {
      for (const entry of external.spec.data ?? []) {
        expect(examples.get(external.spec.target.name)).toHaveProperty(entry.secretKey);
        expect(entry.remoteRef.key).toBe('open-inbox/shared');
      }
      // Every Secret holding the shared secret takes the whole shared entry, last (its values win),
      // so the rotation's optional keys arrive when the store has them and break nothing when not.
      const extracted = (external.spec.dataFrom ?? []).map((d) => d.extract?.key);
      const shares = 'INTERNAL_AUTH_SECRET' in (examples.get(external.spec.target.name) ?? {});
      expect({ secret: external.spec.target.name, shared: extracted.at(-1) === 'open-inbox/shared' }).toEqual(
        {
          secret: external.spec.target.name,
          shared: shares,
        },
      );
    }
  });
});

describe('the code the manifests rely on', () => {
  it('every process of apps.ts that declares a metrics port starts the metrics server, and only those', () => {
    for (const app of DEV_APPS)
      expect({ app, metrics: startsMetricsServer(app) }).toEqual({ app, metrics: servesMetrics(app) });
  });

  it('each platform process has shutdown steps the grace periods are computed from', () => {
    for (const app of BASE_APPS) expect(shutdownSteps(app)).toBeGreaterThanOrEqual(3);
  });
});
