/**
 * The public entry: an Ingress to the gateway's Service with TLS (WhatsApp only calls HTTPS
 * webhooks) for the host of PUBLIC_URL, and ingress-nginx settings that let the largest media
 * through (its default body limit is 1 MiB) and stream it instead of spooling it first.
 */
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { largestUploadBytes } from './code-facts';
import { configMapNamed, ofKind } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';

const NGINX = 'nginx.ingress.kubernetes.io';
const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** An nginx size (`105m`, `1g`, `0` = unlimited) in bytes. */
export function nginxBytes(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size.trim());
  if (!match) return NaN;
  return Number(match[1]) === 0 ? Infinity : Number(match[1]) * UNITS[match[2].toLowerCase()];
}

export function ingressProblems(objects: K8sObject[]): string[] {
  const ingresses = ofKind<IIngress>(objects, 'Ingress');
  if (ingresses.length === 0) return ['no Ingress'];
  const publicUrl = configMapNamed(objects, 'inbox-config')?.data?.PUBLIC_URL ?? '';
  const host = /^https:\/\/([^/:]+)/.exec(publicUrl)?.[1];
  const problems = host ? [] : [`PUBLIC_URL ${publicUrl} is not https: WhatsApp fetches header media there`];
  for (const ingress of ingresses) {
    const name = `Ingress ${ingress.metadata?.name}`;
    const annotations = ingress.metadata?.annotations ?? {};
    const rules = ingress.spec?.rules ?? [];
    const backends = rules.flatMap((r) => r.http?.paths ?? []).map((p) => p.backend.service?.name);
    if (backends.length === 0 || backends.some((b) => b !== 'gateway'))
      problems.push(`${name}: every path must lead to the Service gateway`);
    for (const rule of rules) {
      if (!ingress.spec?.tls?.some((t) => t.hosts?.includes(rule.host ?? '') && t.secretName))
        problems.push(`${name}: host ${rule.host} has no TLS certificate`);
      if (host && rule.host !== host)
        problems.push(`${name}: host ${rule.host} is not PUBLIC_URL's (${host})`);
    }
    if (!annotations['cert-manager.io/cluster-issuer'] && !annotations['cert-manager.io/issuer'])
      problems.push(`${name}: no cert-manager issuer annotation (or a certificate of your own: say so here)`);
    const body = nginxBytes(annotations[`${NGINX}/proxy-body-size`] ?? '1m');
    if (!(body > largestUploadBytes()))
      problems.push(
        `${name}: proxy-body-size ${annotations[`${NGINX}/proxy-body-size`] ?? '1m (default)'} refuses ${largestUploadBytes()}-byte documents`,
      );
    if (annotations[`${NGINX}/proxy-request-buffering`] !== 'off')
      problems.push(
        `${name}: proxy-request-buffering must be off: a 100 MB upload would be spooled before the gateway sees it`,
      );
    for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout']) {
      if (!(Number(annotations[`${NGINX}/${timeout}`]) >= 120))
        problems.push(`${name}: ${timeout} must give slow uploads 120 s or more`);
    }
  }
  return problems;
}
