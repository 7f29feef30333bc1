/**
 * The deployment files, checked offline: docker-compose.yml, the Dockerfile, the helper scripts of
 * deploy/docker and the Kubernetes manifests of deploy/k8s. Each check is a function returning the
 * problems it finds; the real files must give none, and a broken copy of each must give some.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { IService } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
const K8S_DIR = path.join(ROOT, 'deploy/k8s');
const SECRET_EXAMPLE = path.join(K8S_DIR, 'base/secret.example.yaml');
const WORKSPACES = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces;

type App = 'gateway' | 'directory';
const MAIN: Record<App, string> = {
  gateway: 'gateway/dist/main.js',
  directory: 'services/directory/dist/main.js',
};
/** What each process reads at boot; an entry with alternatives is met by any of them. */
const REQUIRED_ENV: Record<App, (string | string[])[]> = {
  gateway: ['PORT', 'DIRECTORY_GRPC_ADDR', 'REDIS_URL', 'AMQP_URL', 'INTERNAL_AUTH_SECRET', 'JWT_PUBLIC_KEY'],
  directory: [
    'GRPC_PORT',
    ['DIRECTORY_DATABASE_URL', 'DATABASE_URL'],
    'AMQP_URL',
    'REDIS_URL',
    'INTERNAL_AUTH_SECRET',
    'JWT_PRIVATE_KEY',
    'JWT_PUBLIC_KEY',
    'PUBLIC_URL',
  ],
};

function missingEnv(app: App, provided: (name: string) => boolean): string[] {
  return REQUIRED_ENV[app]
    .map((entry) => [entry].flat())
    .filter((names) => !names.some(provided))
    .map((names) => `${app}: environment lacks ${names.join(' or ')}`);
}

function loadYaml(file: string): unknown[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8'), { merge: true })
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS() as unknown;
    })
    .filter((doc) => doc !== null && doc !== undefined);
}

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

const clone = <T>(value: T): T => structuredClone(value);
const rel = (file: string) => path.relative(ROOT, file);

// ---------------------------------------------------------------------------------------------
// Kubernetes objects: the kubernetes-models schema, plus unknown fields.

type K8sObject = { apiVersion?: string; kind?: string; metadata?: { name?: string } } & Record<
  string,
  unknown
>;
type K8sModel = new (data: object) => { validate(): void };

/**
 * kubernetes-models ships its schemas compiled (ajv standalone code) and, like the API server's
 * schemas, they allow unknown fields. The compiled validator looks up every field the schema
 * defines, so running it on a proxy that records lookups tells which fields the schema knows: any
 * other field is unknown (a typo such as `readinesProbe` that the API server would drop).
 */
function trackReads(root: object) {
  const reads = new WeakMap<object, Set<PropertyKey>>();
  const proxies = new WeakMap<object, object>();
  const wrap = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    let proxy = proxies.get(value);
    if (!proxy) {
      const seen = new Set<PropertyKey>();
      reads.set(value, seen);
      proxy = new Proxy(value, {
        get: (target, key) => {
          seen.add(key);
          return wrap(Reflect.get(target, key));
        },
      });
      proxies.set(value, proxy);
    }
    return proxy;
  };
  return { proxy: wrap(root) as object, reads };
}

function unknownFields(value: unknown, reads: WeakMap<object, Set<PropertyKey>>, at: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unknownFields(item, reads, `${at}/${i}`));
  const seen = reads.get(value);
  if (!seen) return []; // never reached by the validator: its parent is already reported
  return Object.entries(value).flatMap(([key, child]) =>
    seen.has(key)
      ? unknownFields(child, reads, `${at}/${key}`)
      : [`${at}/${key} is not a field of the schema`],
  );
}

async function modelFor(obj: K8sObject): Promise<K8sModel | undefined> {
  if (typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') return undefined;
  try {
    const module = (await import(`kubernetes-models/${obj.apiVersion}/${obj.kind}`)) as Record<
      string,
      unknown
    >;
    return module[obj.kind] as K8sModel | undefined;
  } catch {
    return undefined;
  }
}

/** `partial`: a patch, which may leave out required fields. */
async function kubernetesProblems(obj: K8sObject, { partial = false } = {}): Promise<string[]> {
  const Model = await modelFor(obj);
  if (!Model) return [`no kubernetes-models model for apiVersion ${obj.apiVersion}, kind ${obj.kind}`];
  const model = new Model(obj);
  const { proxy, reads } = trackReads(model);
  const problems: string[] = [];
  try {
    model.validate.call(proxy);
  } catch (error) {
    const errors = (error as { errors?: { instancePath: string; keyword: string; message?: string }[] })
      .errors;
    if (!errors) throw error;
    for (const e of errors) {
      if (!(partial && e.keyword === 'required')) problems.push(`${e.instancePath || '/'} ${e.message}`);
    }
  }
  return [...problems, ...unknownFields(model, reads, '')];
}

// ---------------------------------------------------------------------------------------------
// Kustomizations: references that resolve, fields that exist, overrides that hit something.

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
  resources?: string[];
  patches?: { path?: string }[];
  patchesStrategicMerge?: string[];
  images?: { name: string }[];
  replicas?: { name: string }[];
};

function isKustomization(file: string) {
  return /^kustomization\.ya?ml$/.test(path.basename(file));
}

function kustomizationIn(dir: string): string | undefined {
  return ['kustomization.yaml', 'kustomization.yml'].map((name) => path.join(dir, name)).find(fs.existsSync);
}

/** The objects a kustomization's resources hold (recursively); files and folders that are missing are skipped. */
function resourcesOf(file: string): K8sObject[] {
  const dir = path.dirname(file);
  const k = loadYaml(file)[0] as Kustomization;
  return (k.resources ?? []).flatMap((entry) => {
    const target = path.resolve(dir, entry);
    if (!fs.existsSync(target)) return [];
    if (!fs.statSync(target).isDirectory()) return loadYaml(target) as K8sObject[];
    const nested = kustomizationIn(target);
    return nested ? resourcesOf(nested) : [];
  });
}

/** The YAML files a kustomization's resources name (not those of nested kustomizations). */
function resourceFiles(file: string): string[] {
  const k = loadYaml(file)[0] as Kustomization;
  return (k.resources ?? []).flatMap((entry) => {
    const target = path.resolve(path.dirname(file), entry);
    if (!fs.existsSync(target)) return [];
    return fs.statSync(target).isDirectory() ? [] : [target];
  });
}

function containersOf(obj: object): IContainer[] {
  const pod = (obj as IDeployment).spec?.template?.spec;
  return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
}

const imageRepository = (image: string) => image.split('@')[0].replace(/:[^/:]+$/, '');

/** Files a kustomization uses as patches, resolved. */
function patchFiles(file: string): string[] {
  const k = loadYaml(file)[0] as Kustomization;
  const paths = [
    ...(k.patches ?? []).flatMap((p) => (p.path ? [p.path] : [])),
    ...(k.patchesStrategicMerge ?? []),
  ];
  return paths.map((p) => path.resolve(path.dirname(file), p));
}

function kustomizationProblems(file: string): string[] {
  const dir = path.dirname(file);
  const k = loadYaml(file)[0] as Kustomization;
  const problems: string[] = [];
  if (k.apiVersion !== 'kustomize.config.k8s.io/v1beta1' || k.kind !== 'Kustomization') {
    problems.push('apiVersion/kind is not kustomize.config.k8s.io/v1beta1 Kustomization');
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
    for (const o of loadYaml(patch) as K8sObject[]) {
      const id = `${o.kind}/${o.metadata?.name}`;
      if (!ids.has(id)) {
        problems.push(`patch ${path.relative(dir, patch)} targets ${id}, which no resource defines`);
      }
    }
  }
  const repositories = new Set(objects.flatMap(containersOf).map((c) => imageRepository(c.image ?? '')));
  for (const image of k.images ?? []) {
    if (!repositories.has(image.name)) problems.push(`images: no container uses image ${image.name}`);
  }
  const workloads = new Set(objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata?.name));
  for (const r of k.replicas ?? []) {
    if (!workloads.has(r.name)) problems.push(`replicas: no Deployment ${r.name}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Workloads: probes, resources, references to the ConfigMap and the Secret, Services.

const secretExampleKeys = () =>
  new Set(Object.keys((loadYaml(SECRET_EXAMPLE)[0] as { stringData: Record<string, string> }).stringData));

function probeProblems(name: string, probe: IProbe | undefined, container: IContainer): string[] {
  if (!probe) return [`container ${container.name}: no ${name}`];
  const port = probe.httpGet?.port ?? probe.tcpSocket?.port ?? probe.grpc?.port;
  const ports = container.ports ?? [];
  if (port === undefined || ports.some((p) => p.name === port || p.containerPort === port)) return [];
  return [`container ${container.name}: ${name} uses port ${port}, which it does not declare`];
}

function deploymentProblems(deployment: IDeployment, configMaps: IConfigMap[]): string[] {
  const problems: string[] = [];
  const selector = deployment.spec?.selector.matchLabels ?? {};
  const labels = deployment.spec?.template.metadata?.labels ?? {};
  for (const [key, value] of Object.entries(selector)) {
    if (labels[key] !== value) problems.push(`selector ${key}=${value} does not match the pod labels`);
  }
  const secretKeys = secretExampleKeys();
  for (const c of containersOf(deployment)) {
    problems.push(...probeProblems('readinessProbe', c.readinessProbe, c));
    problems.push(...probeProblems('livenessProbe', c.livenessProbe, c));
    if (c.startupProbe) problems.push(...probeProblems('startupProbe', c.startupProbe, c));
    if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory) {
      problems.push(`container ${c.name}: resources need cpu and memory requests and a memory limit`);
    }
    for (const { name, valueFrom } of c.env ?? []) {
      const fromConfig = valueFrom?.configMapKeyRef;
      const fromSecret = valueFrom?.secretKeyRef;
      const configMap = configMaps.find((m) => m.metadata?.name === fromConfig?.name);
      if (fromConfig && !fromConfig.optional && configMap?.data?.[fromConfig.key] === undefined) {
        problems.push(
          `container ${c.name}: ${name} reads ConfigMap ${fromConfig.name} key ${fromConfig.key}, which is absent`,
        );
      }
      if (fromSecret && (fromSecret.name !== 'inbox-secrets' || !secretKeys.has(fromSecret.key))) {
        problems.push(
          `container ${c.name}: ${name} reads ${fromSecret.name}/${fromSecret.key}, not in secret.example.yaml`,
        );
      }
    }
  }
  return problems;
}

function appProblems(app: App, deployment: IDeployment | undefined, configMaps: IConfigMap[]): string[] {
  const container = deployment?.spec?.template.spec?.containers.find((c) => c.name === app);
  if (!container) return [`no Deployment ${app} with a container ${app}`];
  const problems: string[] = [];
  if (![...(container.command ?? []), ...(container.args ?? [])].includes(MAIN[app])) {
    problems.push(`${app}: the container does not run ${MAIN[app]}`);
  }
  const names = new Set((container.env ?? []).map((e) => e.name));
  for (const ref of container.envFrom ?? []) {
    const data = configMaps.find((m) => m.metadata?.name === ref.configMapRef?.name)?.data ?? {};
    for (const key of Object.keys(data)) names.add(`${ref.prefix ?? ''}${key}`);
  }
  problems.push(...missingEnv(app, (name) => names.has(name)));
  if (app === 'directory' && !(container.readinessProbe?.grpc && container.livenessProbe?.grpc)) {
    problems.push('directory: readiness and liveness must be gRPC health probes');
  }
  if (
    app === 'gateway' &&
    (container.readinessProbe?.httpGet?.path !== '/api/v1/ready' ||
      container.livenessProbe?.httpGet?.path !== '/api/v1/health')
  ) {
    problems.push('gateway: readiness must GET /api/v1/ready and liveness /api/v1/health');
  }
  return problems;
}

function serviceProblems(service: IService, deployments: IDeployment[]): string[] {
  const selector = Object.entries(service.spec?.selector ?? {});
  const target = deployments.find((d) =>
    selector.every(([key, value]) => d.spec?.template.metadata?.labels?.[key] === value),
  );
  if (!target || selector.length === 0) return [`Service ${service.metadata?.name} selects no Deployment`];
  const ports = containersOf(target).flatMap((c) => c.ports ?? []);
  return (service.spec?.ports ?? [])
    .filter(
      (p) => !ports.some((cp) => cp.name === p.targetPort || cp.containerPort === (p.targetPort ?? p.port)),
    )
    .map(
      (p) => `Service ${service.metadata?.name}: targetPort ${p.targetPort ?? p.port} is no container port`,
    );
}

/** Every check on one set of objects (the base, or a rendered overlay). */
function workloadProblems(objects: K8sObject[]): string[] {
  const deployments = objects.filter((o) => o.kind === 'Deployment') as IDeployment[];
  const configMaps = objects.filter((o) => o.kind === 'ConfigMap') as IConfigMap[];
  const services = objects.filter((o) => o.kind === 'Service') as IService[];
  return [
    ...deployments.flatMap((d) => deploymentProblems(d, configMaps).map((p) => `${d.metadata?.name}: ${p}`)),
    ...(['gateway', 'directory'] as const).flatMap((app) =>
      appProblems(
        app,
        deployments.find((d) => d.metadata?.name === app),
        configMaps,
      ),
    ),
    ...services.flatMap((s) => serviceProblems(s, deployments)),
  ];
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { source?: string; target: string })[];
}
interface ComposeFile {
  version?: unknown;
  services?: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

const CONDITIONS = new Set(['service_started', 'service_healthy', 'service_completed_successfully']);

function environmentOf(service: ComposeService): Map<string, unknown> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return new Map(Object.entries(env));
  return new Map(env.map((item) => [item.split('=')[0], item.split('=').slice(1).join('=')]));
}

function mountsOf(service: ComposeService): { source?: string; target: string }[] {
  return (service.volumes ?? []).map((v) => {
    if (typeof v !== 'string') return v;
    const [source, target] = v.split(':');
    return target ? { source, target } : { target: source };
  });
}

function composeProblems(compose: ComposeFile): string[] {
  const problems: string[] = [];
  if ('name' in compose) problems.push('top-level `name:` (docker-compose 1.29 rejects it)');
  if (compose.version !== undefined && !/^3(\.\d+)?$/.test(String(compose.version))) {
    problems.push(`version ${compose.version}: use 3.x or none`);
  }
  const services = compose.services ?? {};
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) problems.push(`${name}: neither image nor build`);
    const dependsOn = service.depends_on ?? [];
    const deps: [string, { condition?: string }][] = Array.isArray(dependsOn)
      ? dependsOn.map((d) => [d, {}])
      : Object.entries(dependsOn);
    for (const [dep, { condition }] of deps) {
      if (!services[dep]) problems.push(`${name}: depends on ${dep}, which is no service`);
      else if (condition === 'service_healthy' && !services[dep].healthcheck?.test) {
        problems.push(`${name}: waits for ${dep} to be healthy, which has no healthcheck`);
      }
      if (condition !== undefined && !CONDITIONS.has(condition)) {
        problems.push(`${name}: unknown condition ${condition}`);
      }
    }
    for (const { source } of mountsOf(service)) {
      if (source && !/^[./~]/.test(source) && !(source in (compose.volumes ?? {}))) {
        problems.push(`${name}: volume ${source} is not declared`);
      }
    }
    const args = [service.command ?? [], service.healthcheck?.test ?? []].flat() as string[];
    for (const script of args.filter((a) => /^(\.\/)?deploy\/.+\.js$/.test(a))) {
      if (!fs.existsSync(path.join(ROOT, script))) problems.push(`${name}: ${script} does not exist`);
    }
  }
  for (const app of ['gateway', 'directory'] as const) {
    const service = services[app];
    if (!service) {
      problems.push(`no service ${app}`);
      continue;
    }
    if (!service.healthcheck?.test || service.healthcheck.disable) problems.push(`${app}: no healthcheck`);
    if (![service.command ?? []].flat().includes(MAIN[app])) {
      problems.push(`${app}: command does not run ${MAIN[app]}`);
    }
    const env = environmentOf(service);
    problems.push(...missingEnv(app, (name) => env.has(name) || env.has(`${name}_FILE`)));
    const targets = mountsOf(service).map((m) => m.target);
    for (const [name, value] of env) {
      if (name.endsWith('_FILE') && !targets.some((t) => String(value).startsWith(`${t}/`))) {
        problems.push(`${app}: ${name}=${value} is in no mounted volume`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Dockerfile

function dockerfileProblems(dockerfile: string, dockerignore: string): string[] {
  const lines = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const copies = lines.filter((l) => /^COPY\s/i.test(l)).map((l) => l.split(/\s+/).slice(1));
  const sources = (args: string[]) => args.filter((a) => !a.startsWith('--')).slice(0, -1);
  const fromBuild = copies.filter((a) => a.includes('--from=build')).flatMap(sources);
  const fromContext = copies.filter((a) => !a.some((x) => x.startsWith('--from='))).flatMap(sources);
  const problems: string[] = [];
  for (const ws of WORKSPACES) {
    if (!fromContext.includes(`${ws}/package.json`)) {
      problems.push(`${ws}/package.json is not copied for npm ci`);
    }
    if (!fromBuild.includes(`/app/${ws}/dist`)) problems.push(`${ws}/dist is not in the runtime stage`);
    if (ws.startsWith('services/') && !fromBuild.includes(`/app/${ws}/src/db/migrations`)) {
      problems.push(`${ws}/src/db/migrations (read at run time) is not in the runtime stage`);
    }
  }
  if (!fromBuild.includes('/app/proto')) {
    problems.push('proto/ (read at run time) is not in the runtime stage');
  }
  const ignored = dockerignore
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^\*\*\/|\/$/g, ''))
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
  for (const source of fromContext.filter((s) => s !== '.')) {
    if (!fs.existsSync(path.join(ROOT, source))) problems.push(`COPY ${source}: no such file`);
    if (ignored.some((p) => source === p || source.startsWith(`${p}/`))) {
      problems.push(`COPY ${source}: excluded by .dockerignore`);
    }
  }
  const runtime = lines.slice(lines.map((l) => /^FROM\s/i.test(l)).lastIndexOf(true));
  const user = runtime.filter((l) => /^USER\s/i.test(l)).pop();
  if (!user || /^USER\s+(root|0)(:|$)/i.test(user)) problems.push('the runtime stage runs as root');
  if (!lines.some((l) => /^RUN\s+npm\s+(ci|prune)\b.*--omit=dev/.test(l))) {
    problems.push('the runtime dependencies are not installed without the dev dependencies');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// External tools, when installed.

const execFileAsync = promisify(execFile);

function onPath(binary: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, binary), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Exit code and output of a command (never throws for a non-zero exit). */
async function run(file: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) {
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

const kustomizeCommand: [string, string[]] | undefined = onPath('kustomize')
  ? ['kustomize', ['build']]
  : onPath('kubectl')
    ? ['kubectl', ['kustomize']]
    : undefined;

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-test-'));
  tempDirs.push(dir);
  return dir;
}

function writeFiles(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
}

// =============================================================================================

const composeFile = () => loadYaml(path.join(ROOT, 'docker-compose.yml'))[0] as ComposeFile;
const k8sFiles = yamlFiles(K8S_DIR);
const kustomizations = k8sFiles.filter(isKustomization);
const patches = new Set(kustomizations.flatMap(patchFiles));
const baseObjects = () => resourcesOf(path.join(K8S_DIR, 'base/kustomization.yaml'));

describe('docker-compose.yml', () => {
  it('has the structure the services and docker-compose 1.29 need', () => {
    expect(composeProblems(composeFile())).toEqual([]);
  });

  it('reports a top-level name, a missing healthcheck or variable, and a dangling dependency', () => {
    const broken = clone(composeFile());
    broken.name = 'inbox';
    const services = broken.services!;
    delete services.gateway.healthcheck;
    delete (services.gateway.environment as Record<string, unknown>).DIRECTORY_GRPC_ADDR;
    (services.directory.depends_on as Record<string, object>).postgress = { condition: 'service_healthy' };
    delete services.redis.image;
    expect(composeProblems(broken)).toEqual(
      expect.arrayContaining([
        'top-level `name:` (docker-compose 1.29 rejects it)',
        'gateway: no healthcheck',
        'gateway: environment lacks DIRECTORY_GRPC_ADDR',
        'directory: depends on postgress, which is no service',
        'redis: neither image nor build',
      ]),
    );
  });

  (onPath('docker-compose') ? it : it.skip)(
    'passes `docker-compose config -q`, which rejects a bad file',
    async () => {
      const ok = await run('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q']);
      expect(ok).toMatchObject({ code: 0, stderr: '' });
      const dir = tempDir();
      writeFiles(dir, { 'docker-compose.yml': 'name: inbox\nservices:\n  a:\n    image: redis:7\n' });
      expect(
        (await run('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: dir })).code,
      ).not.toBe(0);
    },
  );
});

describe('Dockerfile', () => {
  const read = (name: string) => fs.readFileSync(path.join(ROOT, name), 'utf8');

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
});

describe('deploy/docker helpers', () => {
  const script = (name: string) => path.join(ROOT, 'deploy/docker', name);

  it('healthcheck.js: healthy on 2xx, unhealthy on an error status or a closed port', async () => {
    const server = http.createServer((req, res) => res.writeHead(req.url === '/ready' ? 200 : 503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const check = (url: string) => run(process.execPath, [script('healthcheck.js'), url]);
      expect((await check(`http://127.0.0.1:${port}/ready`)).code).toBe(0);
      expect((await check(`http://127.0.0.1:${port}/down`)).code).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(
      (await run(process.execPath, [script('healthcheck.js'), `http://127.0.0.1:${port}/ready`])).code,
    ).toBe(1);
  });

  it('healthcheck.js: healthy while grpc.health.v1 answers SERVING', async () => {
    const definition = protoLoader.loadSync(path.join(ROOT, 'proto/grpc/health/v1/health.proto'), {
      enums: String,
    });
    const proto = grpc.loadPackageDefinition(definition) as unknown as {
      grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
    };
    let status = 'SERVING';
    const server = new grpc.Server();
    server.addService(proto.grpc.health.v1.Health.service, {
      Check: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(null, { status }),
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) =>
        e ? reject(e) : resolve(p),
      ),
    );
    try {
      const check = () => run(process.execPath, [script('healthcheck.js'), `grpc://127.0.0.1:${port}`]);
      expect((await check()).code).toBe(0);
      status = 'NOT_SERVING';
      expect(await check()).toMatchObject({ code: 1, stderr: expect.stringContaining('NOT_SERVING') });
    } finally {
      server.forceShutdown();
    }
  });

  it('env-from-files.js: sets NAME from NAME_FILE unless NAME is set', async () => {
    const dir = tempDir();
    writeFiles(dir, { key: '-----BEGIN KEY-----\nabc\n-----END KEY-----\n', other: 'from file' });
    const printed = await run(
      process.execPath,
      [
        '--require',
        script('env-from-files.js'),
        '-p',
        'JSON.stringify([process.env.KEY, process.env.OTHER])',
      ],
      {
        env: {
          PATH: process.env.PATH,
          KEY_FILE: path.join(dir, 'key'),
          OTHER: 'set',
          OTHER_FILE: path.join(dir, 'other'),
        },
      },
    );
    expect(JSON.parse(printed.stdout)).toEqual(['-----BEGIN KEY-----\nabc\n-----END KEY-----', 'set']);
  });

  it('dev-secrets.js: a key pair for the directory, its public half for the gateway, kept', async () => {
    const dir = tempDir();
    const generate = () => run(process.execPath, [script('dev-secrets.js'), dir]);
    expect((await generate()).code).toBe(0);
    const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
    expect(fs.readdirSync(path.join(dir, 'directory')).sort()).toEqual([
      'internal-auth-secret',
      'jwt-private.pem',
      'jwt-public.pem',
    ]);
    expect(fs.readdirSync(path.join(dir, 'gateway')).sort()).toEqual([
      'internal-auth-secret',
      'jwt-public.pem',
    ]);
    const derived = crypto
      .createPublicKey(read('directory/jwt-private.pem'))
      .export({ type: 'spki', format: 'pem' });
    expect(read('gateway/jwt-public.pem')).toBe(derived);
    expect(read('gateway/internal-auth-secret')).toBe(read('directory/internal-auth-secret'));
    const before = read('directory/jwt-private.pem');
    expect((await generate()).code).toBe(0);
    expect(read('directory/jwt-private.pem')).toBe(before);
  });
});

describe('deploy/k8s', () => {
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

  it('uses every file in a kustomization, except the example Secret', () => {
    const used = new Set([...kustomizations, ...patches, ...kustomizations.flatMap(resourceFiles)]);
    expect(k8sFiles.filter((f) => !used.has(f)).map(rel)).toEqual([rel(SECRET_EXAMPLE)]);
  });

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
        'replicas: [{ name: gateway, count: 1 }, { name: gatway, count: 1 }]',
        'namespce: inbox',
      ].join('\n'),
      'overlay/patch.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: inbox-config\n',
    });
    expect(kustomizationProblems(path.join(dir, 'overlay/kustomization.yaml')).sort()).toEqual(
      [
        'unknown field namespce',
        'resource ../missing.yaml does not exist',
        'patch absent.yaml does not exist',
        'patch patch.yaml targets ConfigMap/inbox-config, which no resource defines',
        'images: no container uses image open-inbx',
        'replicas: no Deployment gatway',
      ].sort(),
    );
  });

  it('base: probes, resources, config and secret references, Services', () => {
    expect(workloadProblems(baseObjects())).toEqual([]);
  });

  it('reports a missing probe, an absent ConfigMap key, an unknown secret and a wrong port', () => {
    const objects = clone(baseObjects());
    const gateway = objects.find(
      (o) => o.kind === 'Deployment' && o.metadata?.name === 'gateway',
    ) as IDeployment;
    const container = gateway.spec!.template.spec!.containers[0];
    delete container.livenessProbe;
    container.ports![0].name = 'web';
    container.readinessProbe!.httpGet!.port = 'htp';
    container.env!.find((e) => e.name === 'LOG_LEVEL')!.valueFrom!.configMapKeyRef!.key = 'LOGLEVEL';
    container.env!.find((e) => e.name === 'AMQP_URL')!.valueFrom!.secretKeyRef!.key = 'RABBIT_URL';
    container.env = container.env!.filter((e) => e.name !== 'JWT_PUBLIC_KEY');
    expect(workloadProblems(objects)).toEqual(
      expect.arrayContaining([
        'gateway: container gateway: no livenessProbe',
        'gateway: container gateway: readinessProbe uses port htp, which it does not declare',
        'gateway: container gateway: LOG_LEVEL reads ConfigMap inbox-config key LOGLEVEL, which is absent',
        'gateway: container gateway: AMQP_URL reads inbox-secrets/RABBIT_URL, not in secret.example.yaml',
        'gateway: environment lacks JWT_PUBLIC_KEY',
        'Service gateway: targetPort http is no container port',
      ]),
    );
  });

  const overlays = kustomizations.filter((f) => f.includes(`${path.sep}overlays${path.sep}`)).map(rel);
  (kustomizeCommand ? it.each(overlays) : it.skip.each(overlays))(
    '%s renders with kustomize into valid objects',
    async (file) => {
      const [command, args] = kustomizeCommand!;
      const rendered = await run(command, [...args, path.dirname(file)]);
      expect(rendered).toMatchObject({ code: 0, stderr: '' });
      const objects = parseAllDocuments(rendered.stdout).map((d) => d.toJS() as K8sObject);
      expect((await Promise.all(objects.map((o) => kubernetesProblems(o)))).flat()).toEqual([]);
      expect(workloadProblems(objects)).toEqual([]);
      expect(objects.every((o) => o.metadata && 'namespace' in o.metadata)).toBe(true);
      expect(objects.flatMap(containersOf).map((c) => c.image)).not.toContain('open-inbox');
    },
  );
});
