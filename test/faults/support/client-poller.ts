/**
 * REST clients during the faults: each route called again and again through the gateway, every
 * answer recorded with when it was asked and answered. Judged afterwards against the fault windows.
 */

export interface ClientSample {
  route: string;
  /** ms since the epoch: asked, answered (or failed). */
  from: number;
  to: number;
  /** The HTTP status, or how the call failed: refused, reset (connection lost), timeout, error:<why>. */
  outcome: string;
}

/** A call that takes longer than this is recorded as a timeout (the gateway's deadlines are shorter). */
const CALL_TIMEOUT_MS = 30_000;

function failureOf(error: unknown): string {
  const e = error as { name?: string; cause?: { code?: string; name?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timeout';
  const code = e.cause?.code ?? e.cause?.name;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  return `error:${code ?? String((error as { message?: unknown }).message ?? error)}`;
}

/** One call: its sample. */
export async function callRoute(api: string, token: string, route: string): Promise<ClientSample> {
  const from = Date.now();
  try {
    const res = await fetch(`${api}${route}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { route, from, to: Date.now(), outcome: String(res.status) };
  } catch (error) {
    return { route, from, to: Date.now(), outcome: failureOf(error) };
  }
}

export interface ClientPoller {
  samples: ClientSample[];
  /** Stops asking; resolves when the calls in flight have answered. */
  stop(): Promise<void>;
}

/** Each route on its own loop: one call at a time, `gapMs` between the answer and the next call. */
export function startClientPoller(api: string, token: string, routes: string[], gapMs: number): ClientPoller {
  const samples: ClientSample[] = [];
  let stopped = false;
  const loops = routes.map(async (route) => {
    while (!stopped) {
      samples.push(await callRoute(api, token, route));
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  });
  return {
    samples,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
