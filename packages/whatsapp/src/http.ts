import { CloudApiError, errorFromResponse, networkError } from './errors';

/** One Graph request: Bearer auth, a deadline covering headers and body, errors as CloudApiError. */
export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  accessToken: string;
  timeoutMs: number;
  json?: unknown;
  form?: FormData;
}

async function open(req: GraphRequest): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${req.accessToken}` };
  let body: string | FormData | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.form !== undefined) {
    body = req.form; // fetch writes the multipart boundary into content-type itself
  }
  try {
    return await fetch(req.url, {
      method: req.method,
      headers,
      body,
      signal: AbortSignal.timeout(req.timeoutMs),
    });
  } catch (cause) {
    throw networkError(cause);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends a request and returns the JSON body of a 2xx answer. */
export async function graphJson(req: GraphRequest): Promise<unknown> {
  const res = await open(req);
  let text: string;
  try {
    text = await res.text();
  } catch (cause) {
    throw networkError(cause);
  }
  const body = parseJson(text);
  if (!res.ok) throw errorFromResponse(res.status, body);
  if (body === undefined) throw unexpectedResponse(res.status, 'body is not JSON');
  return body;
}

/** A 2xx answer whose body is not what Graph documents. Not retryable: the request may have taken effect. */
export function unexpectedResponse(httpStatus: number, details: string): CloudApiError {
  return new CloudApiError({
    code: 0,
    httpStatus,
    title: 'Unexpected response',
    message: `Unexpected response: ${details}`,
    details,
  });
}

function tooLarge(size: number, maxBytes: number): CloudApiError {
  const details = `media is ${size} bytes or more; the limit is ${maxBytes}`;
  return new CloudApiError({ code: 131052, httpStatus: 413, title: 'Media too large', details, local: true });
}

/** Downloads a binary body, refusing it as soon as it is known to exceed `maxBytes`. */
export async function graphBinary(
  req: GraphRequest,
  maxBytes: number,
): Promise<{ data: Buffer; contentType: string }> {
  const res = await open(req);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw errorFromResponse(res.status, parseJson(text));
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(declared, maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const reader = res.body?.getReader();
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      total += next.value.byteLength;
      // A missing or lying content-length must not let an endless body fill memory.
      if (total > maxBytes) {
        await reader?.cancel().catch(() => undefined);
        throw tooLarge(total, maxBytes);
      }
      chunks.push(next.value);
    }
  } catch (cause) {
    throw cause instanceof CloudApiError ? cause : networkError(cause);
  }
  const contentType = res.headers.get('content-type') ?? 'application/octet-stream';
  return { data: Buffer.concat(chunks, total), contentType };
}
