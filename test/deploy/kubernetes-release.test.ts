/** The public entry and the migrations before a rollout (support/ingress.ts, migrations.ts), each shown to catch what it is for. */
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { config, production } from './support/fixtures';
import { ingressProblems, nginxBytes } from './support/ingress';
import { named } from './support/k8s-objects';
import type { K8sObject } from './support/kubernetes-schema';
import { migrationMatchProblems, migrationProblems } from './support/migrations';
import { render } from './support/render';

const ingress = (objects: K8sObject[]) => named<IIngress>(objects, 'Ingress', 'gateway')!;
const job = (objects: K8sObject[], name: string) => named<IJob>(objects, 'Job', name)!;

describe('the Ingress', () => {
  it('reads nginx sizes as ingress-nginx does', () => {
    expect(nginxBytes('105m')).toBe(105 * 1024 * 1024);
    expect(nginxBytes('1g')).toBe(1024 ** 3);
    expect(nginxBytes('0')).toBe(Infinity);
    expect(nginxBytes('lots')).toBeNaN();
  });

  it('reports a body limit under 100 MB, buffering, short timeouts, no TLS and another host than PUBLIC_URL', () => {
    const objects = production();
    const annotations = ingress(objects).metadata!.annotations!;
    annotations['nginx.ingress.kubernetes.io/proxy-body-size'] = '100m';
    delete annotations['nginx.ingress.kubernetes.io/proxy-request-buffering'];
    annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'] = '60';
    ingress(objects).spec!.tls = [];
    expect(ingressProblems(objects).sort()).toEqual(
      [
        'Ingress gateway: proxy-body-size 100m refuses 104857600-byte documents',
        'Ingress gateway: proxy-request-buffering must be off: a 100 MB upload would be spooled before the gateway sees it',
        'Ingress gateway: proxy-read-timeout must give slow uploads 120 s or more',
        'Ingress gateway: host inbox.example.com has no TLS certificate',
      ].sort(),
    );
    config(objects).data!.PUBLIC_URL = 'http://inbox.example.org';
    expect(ingressProblems(objects)).toContain(
      'PUBLIC_URL http://inbox.example.org is not https: WhatsApp fetches header media there',
    );
    config(objects).data!.PUBLIC_URL = 'https://inbox.example.org';
    expect(ingressProblems(objects)).toContain(
      "Ingress gateway: host inbox.example.com is not PUBLIC_URL's (inbox.example.org)",
    );
  });
});

describe('the migration Jobs', () => {
  it('report a Job missing, unbounded, not a hook, on the service’s database URL, or walled off from PostgreSQL', () => {
    const objects = render('overlays/production/migrations').filter(
      (o) => !(o.kind === 'Job' && o.metadata?.name === 'analytics-migrate'),
    );
    const inbox = job(objects, 'inbox-migrate');
    delete inbox.spec!.activeDeadlineSeconds;
    delete inbox.spec!.ttlSecondsAfterFinished;
    delete inbox.metadata!.annotations!['argocd.argoproj.io/hook'];
    inbox.spec!.template.spec!.volumes!.find((v) => v.name === 'secrets')!.secret!.secretName =
      'inbox-secrets';
    job(objects, 'directory-migrate').spec!.template.spec!.containers[0].args = [
      'services/directory/dist/main.js',
    ];
    const policy = named<K8sObject & { spec: { egress: { ports?: { port: number }[] }[] } }>(
      objects,
      'NetworkPolicy',
      'migrations',
    )!;
    policy.spec.egress = policy.spec.egress.filter((rule) => !rule.ports?.some((p) => p.port === 5432));
    expect(migrationProblems(objects)).toEqual(
      expect.arrayContaining([
        'no Job analytics-migrate',
        'Job inbox-migrate: no activeDeadlineSeconds: a migration stuck on a lock would hold the release forever',
        'Job inbox-migrate: no ttlSecondsAfterFinished: finished Jobs would pile up',
        'Job inbox-migrate: annotation argocd.argoproj.io/hook must match /^PreSync$/',
        'Job inbox-migrate: MIGRATION_DATABASE_URL must come from the Secret inbox-migration',
        'Job directory-migrate: does not run services/directory/dist/migrate.js',
        'Job templates-migrate: its NetworkPolicy does not let it reach PostgreSQL',
      ]),
    );
  });

  it('run in the namespace of the overlay they precede, on its image', () => {
    const migrations = render('overlays/production/migrations');
    const dev = render('overlays/dev');
    expect(migrationMatchProblems(migrations, dev).sort()).toEqual(
      [
        'the migrations run registry.example.com/open-inbox:0.1.0, which the overlay does not',
        'the migrations run in inbox, the overlay in inbox-dev',
      ].sort(),
    );
  });
});
