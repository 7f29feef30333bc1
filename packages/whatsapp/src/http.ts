import { assertOutsideTransaction } from '@inbox/platform';
import { z } from 'zod';
import { CloudApiError, errorFromResponse, networkError } from './errors';

/** How the token is presented: `Bearer` everywhere, except the Resumable Upload API's `OAuth`. */
export type AuthScheme = 'Bearer' | 'OAuth';

/** One Graph request: Bearer auth, a deadline covering headers and body, errors as CloudApiError. */
export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  accessToken: string;
  timeoutMs: number;
  json?: unknown;
  authScheme?: AuthScheme;
}

async function open(req: GraphRequest): Promise<Response> {
  assertOutsideTransaction(`Cloud API ${req.method}`);
  const headers: Record<string, string> = {
    authorization: `${req.authScheme ?? 'Bearer'} ${req.accessToken}`,
  };
  let body: string | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
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

export function parseJson(text: string): unknown {
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
    outcomeUnknown: true,
  });
}

/** A body known to be larger than the limit; refused before or while reading it. */
export function tooLarge(size: number, maxBytes: number): CloudApiError {
  const details = `media is ${size} bytes or more; the limit is ${maxBytes}`;
  return new CloudApiError({ code: 131052, httpStatus: 413, title: 'Media too large', details, local: true });
}

/** A 2xx body checked against what Graph documents; anything else is an unexpected response. */
export function decodeAnswer<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unexpectedResponse(200, z.prettifyError(parsed.error));
  return parsed.data;
}
