import type { TestSystem } from './system';

/** Plays customers and inspects sends through the bundled simulator's control API. */
export function simulatorOf(t: TestSystem) {
  const base = t.system.whatsapp.simulatorUrl;
  if (!base) throw new Error('the test system runs without the simulator');
  const json = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    url: base,
    /** A customer writes; resolves once the webhook was delivered (acknowledged by the gateway). */
    inbound: async (message: Record<string, unknown>) => {
      const res = await json('POST', '/_sim/inbound', message);
      if (res.status >= 300) throw new Error(`simulator inbound: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as {
        wamid: string;
        delivery: { status: string; httpStatus?: number; attempts: unknown };
      };
    },
    sent: async (to?: string) =>
      (await json('GET', `/_sim/sent${to ? `?to=${encodeURIComponent(to)}` : ''}`)).body.data as Array<
        Record<string, unknown>
      >,
    failures: (rule: Record<string, unknown>) => json('POST', '/_sim/failures', rule),
    deliverRaw: (payload: unknown, badSignature = false) =>
      json('POST', `/_sim/deliver-raw${badSignature ? '?badSignature=1' : ''}`, { payload }),
    webhooks: async () => (await json('GET', '/_sim/webhooks')).body.data,
    /** Settings that change while it runs: webhookUrl, templateAutoApprove, templateReviewDelayMs, … */
    config: async (changes?: Record<string, unknown>) =>
      (await json(changes ? 'POST' : 'GET', '/_sim/config', changes)).body as Record<string, unknown>,
    /** The templates WhatsApp holds for the channel's WABA (Graph's fields, plus approvedEdits). */
    templates: async () => (await json('GET', '/_sim/templates')).body.data as Array<Record<string, any>>,
    /** Templates that exist in WhatsApp without this product having created them (Manager, another tool). */
    seedTemplates: async (templates: Array<Record<string, unknown>>) => {
      const res = await json('POST', '/_sim/templates/seed', { templates });
      if (res.status !== 201) throw new Error(`simulator seed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data as Array<Record<string, any>>;
    },
    /** Plays WhatsApp's review: approve, reject, pause, …; posts the signed webhook. */
    review: async (providerTemplateId: string, step: Record<string, unknown>) => {
      const res = await json('POST', `/_sim/templates/${providerTemplateId}/review`, step);
      if (res.status !== 200) throw new Error(`simulator review: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { template: Record<string, any>; delivery: { id: string; status: string } };
    },
    /** The Cloud API itself, as another tool with the channel's token would call it. */
    graph: async (method: string, path: string) => {
      const res = await fetch(`${base}/v23.0${path}`, {
        method,
        headers: { authorization: `Bearer ${t.system.whatsapp.channel.accessToken}` },
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    },
  };
}
