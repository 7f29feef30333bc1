import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertOutsideTransaction } from '@inbox/platform';
import { CloudApiError, errorFromResponse, networkError } from './errors';
import { parseJson, tooLarge, unexpectedResponse, type AuthScheme } from './http';

/*
 * Media moves through node:http rather than fetch: Node 20's fetch (undici) buffers a streamed
 * request body without backpressure (a 100 MB upload grew the process by ~130 MB in a measurement)
 * and its response streams keep more in flight than a plain socket. Redirects are not followed,
 * so a media URL that passed the host check cannot send the token or the request elsewhere.
 */

export interface StreamRequest {
  method: 'GET' | 'POST';
  url: string;
  accessToken: string;
  /** Default Bearer; the Resumable Upload API wants `OAuth`. */
  authScheme?: AuthScheme;
  /** More request headers (the Resumable Upload API's `file_offset`). */
  headers?: Record<string, string>;
  /** Deadline for the whole exchange, headers and body. */
  timeoutMs: number;
  body?: { stream: Readable; length: number; contentType: string };
}

export interface MediaDownload {
  /** The bytes; fails with a CloudApiError (too large, timed out, network) instead of ending. */
  stream: Readable;
  contentType: string;
  /** Content-Length as the server declared it, when it did. */
  declaredSize?: number;
}

const timedOut = (ms: number) =>
  Object.assign(new Error(`no complete answer within ${ms} ms`), { name: 'TimeoutError' });

function open(req: StreamRequest): Promise<IncomingMessage> {
  assertOutsideTransaction(`Cloud API ${req.method}`);
  const target = new URL(req.url);
  const client = target.protocol === 'https:' ? https : http;
  const headers: OutgoingHttpHeaders = {
    ...req.headers,
    authorization: `${req.authScheme ?? 'Bearer'} ${req.accessToken}`,
  };
  if (req.body) {
    headers['content-type'] = req.body.contentType;
    headers['content-length'] = req.body.length;
  }
  return new Promise((resolve, reject) => {
    const out = client.request(target, { method: req.method, headers });
    let answer: IncomingMessage | undefined;
    const timer = setTimeout(() => {
      const error = timedOut(req.timeoutMs);
      out.destroy(error);
      answer?.destroy(error);
    }, req.timeoutMs);
    out.on('error', (error) => {
      clearTimeout(timer);
      reject(networkError(error));
    });
    out.on('response', (res) => {
      answer = res;
      res.on('close', () => clearTimeout(timer));
      resolve(res);
    });
    // A failing body (a blob that cannot be read) destroys the request, which rejects above.
    if (req.body) pipeline(req.body.stream, out).catch(() => undefined);
    else out.end();
  });
}

/** Graph's JSON answers and error pages are small: a longer one is not read, so memory stays bounded. */
const MAX_ANSWER_BYTES = 1024 * 1024;

async function readText(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        res.destroy();
        throw unexpectedResponse(res.statusCode ?? 0, `an answer longer than ${MAX_ANSWER_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (cause) {
    throw cause instanceof CloudApiError ? cause : networkError(cause);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const isOk = (res: IncomingMessage) => (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;

/** Sends a streamed body (a multipart upload) and returns the JSON body of a 2xx answer. */
export async function graphStreamJson(req: StreamRequest): Promise<unknown> {
  const res = await open(req);
  const body = parseJson(await readText(res));
  const status = res.statusCode ?? 0;
  if (!isOk(res)) throw errorFromResponse(status, body);
  if (body === undefined) throw unexpectedResponse(status, 'body is not JSON');
  return body;
}

/**
 * Opens a binary download: refused at once when its declared length passes `maxBytes`, and failed
 * as soon as more than `maxBytes` arrive (a missing or lying Content-Length cannot fill the disk).
 */
export async function graphDownload(req: StreamRequest, maxBytes: number): Promise<MediaDownload> {
  const res = await open(req);
  if (!isOk(res)) {
    const text = await readText(res).catch(() => '');
    throw errorFromResponse(res.statusCode ?? 0, parseJson(text));
  }
  const declared = res.headers['content-length'] === undefined ? NaN : Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(declared, maxBytes);
  }
  let total = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(total > maxBytes ? tooLarge(total, maxBytes) : null, chunk);
    },
  });
  res.on('error', (error) => capped.destroy(error instanceof CloudApiError ? error : networkError(error)));
  // The reader gave up (or the cap was hit): stop the transfer rather than drain it.
  capped.on('close', () => res.destroy());
  res.pipe(capped);
  return {
    stream: capped,
    contentType: res.headers['content-type'] ?? 'application/octet-stream',
    ...(Number.isFinite(declared) ? { declaredSize: declared } : {}),
  };
}
