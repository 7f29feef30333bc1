/**
 * NetworkPolicies, evaluated as the API defines them (a connection passes when every policy
 * selecting the caller for Egress lets it out and every policy selecting the callee for Ingress
 * lets it in; no policy of a type, no isolation of that type), against who calls whom in apps.ts:
 * exactly those paths open between the workloads, the ingress controller to the gateway,
 * Prometheus to the metrics ports, DNS, and each app's servers outside by their ports.
 */
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import type { App } from './apps';
import { APP, SERVER_PORTS, servesMetrics } from './apps';
import { selects } from './availability';
import { deploymentsOf, ofKind } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';

/** A pod (its namespace, labels and named ports) or an address outside the cluster. */
export type Endpoint =
  { namespace: string; labels: Record<string, string>; ports?: Record<string, number> } | { ip: string };
export interface Port {
  port: number;
  protocol?: 'TCP' | 'UDP';
}

const NAMESPACE_LABEL = 'kubernetes.io/metadata.name';
/** Outside the cluster: a documentation address (RFC 5737). */
export const OUTSIDE: Endpoint = { ip: '203.0.113.10' };
export const INGRESS_CONTROLLER: Endpoint = {
  namespace: 'ingress-nginx',
  labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
};
export const PROMETHEUS: Endpoint = {
  namespace: 'monitoring',
  labels: { 'app.kubernetes.io/name': 'prometheus' },
};
export const KUBE_DNS: Endpoint = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };

function inCidr(ip: string, cidr: string): boolean {
  const [base, bits = '32'] = cidr.split('/');
  const toNumber = (a: string) => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(base)) return false;
  const size = 2 ** (32 - Number(bits));
  return Math.floor(toNumber(ip) / size) === Math.floor(toNumber(base) / size);
}

function peerMatches(peer: INetworkPolicyPeer, namespace: string, other: Endpoint): boolean {
  if ('ip' in other) {
    const block = peer.ipBlock;
    return !!block && inCidr(other.ip, block.cidr) && !(block.except ?? []).some((c) => inCidr(other.ip, c));
  }
  if (peer.ipBlock) return false;
  if (peer.namespaceSelector) {
    const namespaceLabels = { [NAMESPACE_LABEL]: other.namespace };
    return (
      selects(peer.namespaceSelector, namespaceLabels) &&
      (!peer.podSelector || selects(peer.podSelector, other.labels))
    );
  }
  return other.namespace === namespace && selects(peer.podSelector, other.labels);
}

function portMatches(ports: INetworkPolicyPort[] | undefined, target: Endpoint, port: Port): boolean {
  if (!ports || ports.length === 0) return true;
  const named = 'ip' in target ? {} : (target.ports ?? {});
  return ports.some(
    (p) =>
      (p.protocol ?? 'TCP') === (port.protocol ?? 'TCP') &&
      (p.port === undefined ||
        p.port === port.port ||
        (typeof p.port === 'string' && named[p.port] === port.port)),
  );
}

const typesOf = (p: INetworkPolicy) =>
  p.spec?.policyTypes ?? ['Ingress', ...(p.spec?.egress ? ['Egress'] : [])];
const namespaceOf = (o: { metadata?: { namespace?: string } }) => o.metadata?.namespace ?? 'default';

/** Whether the policies let `from` open a connection to `to` on `port`. */
export function allows(policies: INetworkPolicy[], from: Endpoint, to: Endpoint, port: Port): boolean {
  const applying = (pod: Endpoint, type: 'Ingress' | 'Egress') =>
    'ip' in pod
      ? []
      : policies.filter(
          (p) =>
            namespaceOf(p) === pod.namespace &&
            selects(p.spec?.podSelector, pod.labels) &&
            typesOf(p).includes(type),
        );
  const egress = applying(from, 'Egress');
  const out =
    egress.length === 0 ||
    egress.some((p) =>
      (p.spec?.egress ?? []).some(
        (rule) =>
          (!rule.to || rule.to.some((peer) => peerMatches(peer, namespaceOf(p), to))) &&
          portMatches(rule.ports, to, port),
      ),
    );
  const ingress = applying(to, 'Ingress');
  const into =
    ingress.length === 0 ||
    ingress.some((p) =>
      (p.spec?.ingress ?? []).some(
        (rule) =>
          (!rule.from || rule.from.some((peer) => peerMatches(peer, namespaceOf(p), from))) &&
          portMatches(rule.ports, to, port),
      ),
    );
  return out && into;
}

/** Each app's pod as an endpoint: its namespace, pod labels and container ports. */
function appEndpoints(
  objects: K8sObject[],
  apps: App[],
): Map<App, Endpoint & { ports: Record<string, number> }> {
  return new Map(
    deploymentsOf(objects)
      .filter((d) => apps.includes(d.metadata?.name as App))
      .map((d) => {
        const ports = Object.fromEntries(
          (d.spec?.template.spec?.containers ?? []).flatMap((c) =>
            (c.ports ?? []).map((p) => [p.name ?? '', p.containerPort]),
          ),
        );
        return [
          d.metadata?.name as App,
          { namespace: namespaceOf(d), labels: d.spec?.template.metadata?.labels ?? {}, ports },
        ];
      }),
  );
}

/** The paths apps.ts says exist between the workloads: caller → callee and the callee's port name. */
export function expectedPaths(apps: App[]): Set<string> {
  const paths = new Set<string>();
  for (const app of apps) {
    for (const reach of APP[app].reaches) {
      if (reach.app !== app && apps.includes(reach.app)) paths.add(`${app} → ${reach.app}:${reach.port}`);
    }
    if (APP[app].callsWhatsApp && apps.includes('whatsapp-sim')) paths.add(`${app} → whatsapp-sim:http`);
  }
  return paths;
}

const isDefaultDeny = (p: INetworkPolicy) =>
  Object.keys(p.spec?.podSelector ?? { none: 1 }).length === 0 &&
  ['Ingress', 'Egress'].every((t) => p.spec?.policyTypes?.includes(t as 'Ingress')) &&
  !p.spec?.ingress?.length &&
  !p.spec?.egress?.length;

export function networkProblems(objects: K8sObject[], apps: App[]): string[] {
  const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
  if (!policies.some(isDefaultDeny))
    return ['no default-deny NetworkPolicy (podSelector {}, Ingress and Egress, no rule)'];
  const pods = appEndpoints(objects, apps);
  const expected = expectedPaths(apps);
  const problems: string[] = [];
  // A pod of another namespace, which no policy here restrains on its way out.
  const stranger: Endpoint = { namespace: 'elsewhere', labels: { app: 'stranger' } };
  for (const [to, target] of pods) {
    for (const [portName, port] of Object.entries(target.ports)) {
      for (const [from, source] of pods) {
        if (from === to) continue;
        const path = `${from} → ${to}:${portName}`;
        const open = allows(policies, source, target, { port });
        if (open && !expected.has(path)) problems.push(`${path} is open, but ${from} never calls it`);
        if (!open && expected.has(path)) problems.push(`${path} is blocked, but ${from} calls it`);
      }
      if (allows(policies, stranger, target, { port }))
        problems.push(`a pod of any namespace reaches ${to}:${portName}`);
      const scraped = portName === 'metrics' && servesMetrics(to);
      if (allows(policies, PROMETHEUS, target, { port }) !== scraped)
        problems.push(`Prometheus ${scraped ? 'cannot reach' : 'reaches'} ${to}:${portName}`);
      const publicPort = to === 'gateway' && portName === 'http';
      if (allows(policies, INGRESS_CONTROLLER, target, { port }) !== publicPort)
        problems.push(`the ingress controller ${publicPort ? 'cannot reach' : 'reaches'} ${to}:${portName}`);
    }
  }
  for (const [app, source] of pods) {
    if (!allows(policies, source, KUBE_DNS, { port: 53, protocol: 'UDP' }))
      problems.push(`${app} cannot resolve names (DNS)`);
    for (const [server, port] of Object.entries(SERVER_PORTS)) {
      const needed = APP[app].servers.includes(server as keyof typeof SERVER_PORTS);
      if (allows(policies, source, OUTSIDE, { port }) !== needed)
        problems.push(`${app} ${needed ? 'cannot reach' : 'reaches'} ${server} (port ${port}) outside`);
    }
  }
  return problems;
}
