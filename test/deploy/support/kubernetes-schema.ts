/**
 * Kubernetes objects against the kubernetes-models schemas, plus unknown fields.
 *
 * kubernetes-models ships its schemas compiled (ajv standalone code) and, like the API server's
 * schemas, they allow unknown fields. The compiled validator looks up every field the schema
 * defines, so running it on a proxy that records lookups tells which fields the schema knows: any
 * other field is unknown (a typo such as `readinesProbe` that the API server would drop).
 */
import { customResourceProblems, isCustomResource } from './custom-resources';

export type K8sObject = { apiVersion?: string; kind?: string; metadata?: { name?: string } } & Record<
  string,
  unknown
>;
type K8sModel = new (data: object) => { validate(): void };

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

/** A strategic merge patch's directives (`$patch: delete`, …): kustomize's, not the object's fields. */
function withoutDirectives(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDirectives);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('$'))
      .map(([key, child]) => [key, withoutDirectives(child)]),
  );
}

/** Schema errors and unknown fields of one object. `partial`: a patch, which may leave out required fields. */
export async function kubernetesProblems(input: K8sObject, { partial = false } = {}): Promise<string[]> {
  const obj = partial ? (withoutDirectives(input) as K8sObject) : input;
  if (isCustomResource(obj)) return customResourceProblems(obj, { partial });
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
