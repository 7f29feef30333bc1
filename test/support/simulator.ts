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
  };
}
