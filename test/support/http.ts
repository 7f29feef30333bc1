import { assertDocumented } from './openapi-check';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Credentials {
  token?: string;
  apiKey?: string;
}

/** A small REST client for tests: JSON in, JSON (or text) out, never throws on HTTP status. */
export function client(baseUrl: string) {
  async function send<T = any>(
    method: string,
    path: string,
    options: Credentials & {
      body?: unknown;
      rawBody?: string | Buffer;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    let body: string | Buffer | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    const answer = {
      status: res.status,
      headers: res.headers,
      body: (type.includes('json') && text ? JSON.parse(text) : text) as T,
    };
    // Every answer of the e2e suite must be one the API reference documents.
    await assertDocumented(baseUrl, {
      method,
      url: res.url,
      status: res.status,
      contentType: type.split(';')[0].trim().toLowerCase(),
      body: answer.body,
    });
    return answer;
  }
  return {
    send,
    get: <T = any>(path: string, c: Credentials = {}) => send<T>('GET', path, c),
    post: <T = any>(path: string, body?: unknown, c: Credentials = {}) =>
      send<T>('POST', path, { ...c, body }),
    put: <T = any>(path: string, body?: unknown, c: Credentials = {}) => send<T>('PUT', path, { ...c, body }),
    patch: <T = any>(path: string, body?: unknown, c: Credentials = {}) =>
      send<T>('PATCH', path, { ...c, body }),
    delete: <T = any>(path: string, c: Credentials = {}) => send<T>('DELETE', path, c),
  };
}

export type Client = ReturnType<typeof client>;

/** Logs in and returns the access token (fails the test on anything but 200). */
export async function login(api: Client, clientId: number, email: string, password: string): Promise<string> {
  const res = await api.post('/auth/login', { clientId, email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.accessToken as string;
}

/** Waits until `check` passes (events travel asynchronously through the outbox and the bus). */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
