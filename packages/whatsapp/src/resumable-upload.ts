import fs from 'node:fs';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { HEADER_MEDIA_LIMITS } from '@inbox/contracts';
import { invalidRequest } from './errors';
import { decodeAnswer as decode, graphJson, type GraphRequest } from './http';
import { graphStreamJson } from './http-stream';

/**
 * Meta's Resumable Upload API (reference §6): a session on the app, then the raw bytes, answered
 * with the handle that goes in a template HEADER's `example.header_handle`.
 */

/**
 * The file types a header sample may have and the most each may weigh: the limits the gateway and
 * the templates service check (`HEADER_MEDIA_LIMITS`, one source), by MIME type, plus `image/jpg`,
 * a spelling of JPEG Graph also takes.
 */
export const RESUMABLE_UPLOAD_LIMITS: Readonly<Record<string, number>> = Object.fromEntries([
  ...Object.values(HEADER_MEDIA_LIMITS).flatMap(({ mimeTypes, maxBytes }) =>
    mimeTypes.map((mimeType) => [mimeType, maxBytes] as const),
  ),
  ['image/jpg', HEADER_MEDIA_LIMITS.IMAGE.maxBytes],
]);

export interface UploadSessionInput {
  fileName: string;
  /** The exact size in bytes. */
  fileLength: number;
  /** One of RESUMABLE_UPLOAD_LIMITS' types. */
  fileType: string;
}

/** A stream of exactly `size` bytes: the file from the offset the upload starts at. */
export interface UploadSource {
  stream: Readable;
  size: number;
}

export interface StreamAccess {
  root: string;
  accessToken: string;
  mediaTimeoutMs: number;
  req(method: GraphRequest['method'], url: string): GraphRequest;
}

const sessionSchema = z.looseObject({ id: z.string().startsWith('upload:') });
const handleSchema = z.looseObject({ h: z.string().min(1) });
const offsetSchema = z.looseObject({
  id: z.string().min(1),
  // A string in one client's test, a number in others (reference §6): both are read.
  file_offset: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(Number),
});

function ensure(ok: boolean, details: string): void {
  if (!ok) throw invalidRequest(details);
}

/**
 * The upload id goes into the path as Graph gave it: Meta's ids carry their own `?sig=…` query,
 * so encoding it would break the request. Only ids shaped like Graph's are accepted.
 */
function uploadUrl(root: string, uploadId: string): string {
  ensure(/^upload:[A-Za-z0-9_\-=+/.:%?&]+$/.test(uploadId) && !uploadId.includes('..'), 'not an upload id');
  return `${root}/${uploadId}`;
}

export async function createUploadSession(
  g: StreamAccess,
  appId: string,
  file: UploadSessionInput,
): Promise<{ id: string }> {
  ensure(/^\d+$/.test(appId), 'app id must be numeric');
  const max = RESUMABLE_UPLOAD_LIMITS[file.fileType];
  ensure(max !== undefined, `file type must be one of ${Object.keys(RESUMABLE_UPLOAD_LIMITS).join(', ')}`);
  ensure(Number.isInteger(file.fileLength) && file.fileLength > 0, 'file length must be a positive integer');
  ensure(file.fileLength <= max, `a ${file.fileType} file is at most ${max} bytes`);
  ensure(file.fileName.length > 0, 'file name is required');
  const query = new URLSearchParams({
    file_name: file.fileName,
    file_length: String(file.fileLength),
    file_type: file.fileType,
  });
  const url = `${g.root}/${encodeURIComponent(appId)}/uploads?${query.toString()}`;
  const session = decode(sessionSchema, await graphJson(g.req('POST', url)));
  return { id: session.id };
}

/** Yields exactly `size` bytes or fails: Content-Length is sent before the bytes. */
async function* exactly(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > size) throw new Error(`the file has more than the ${size} bytes announced`);
    yield chunk;
  }
  if (seen !== size) throw new Error(`the file has ${seen} bytes, not the ${size} announced`);
}

async function openSource(source: string | UploadSource, offset: number): Promise<UploadSource> {
  if (typeof source !== 'string') return source;
  const { size } = await fs.promises.stat(source);
  ensure(offset <= size, `offset ${offset} is past the end of the file (${size} bytes)`);
  return { stream: fs.createReadStream(source, { start: offset }), size: size - offset };
}

/**
 * Sends the bytes of an upload session from `offset` (0 for a new upload; the session's
 * `file_offset` to resume), streamed with `Authorization: OAuth`, and answers the file handle.
 * A path is read from the offset; a stream must start there and yield exactly `size` bytes.
 */
export async function uploadFile(
  g: StreamAccess,
  uploadId: string,
  source: string | UploadSource,
  options: { offset?: number } = {},
): Promise<{ h: string }> {
  const offset = options.offset ?? 0;
  ensure(Number.isInteger(offset) && offset >= 0, 'offset must be a non-negative integer');
  const url = uploadUrl(g.root, uploadId);
  const file = await openSource(source, offset);
  const answer = await graphStreamJson({
    method: 'POST',
    url,
    accessToken: g.accessToken,
    authScheme: 'OAuth',
    headers: { file_offset: String(offset) },
    timeoutMs: g.mediaTimeoutMs,
    body: {
      stream: Readable.from(exactly(file.stream, file.size), { objectMode: false }),
      length: file.size,
      contentType: 'application/octet-stream',
    },
  });
  return { h: decode(handleSchema, answer).h };
}

/** Where an interrupted upload stands: resume with `uploadFile(id, path, { offset: fileOffset })`. */
export async function getUploadSession(
  g: StreamAccess,
  uploadId: string,
): Promise<{ id: string; fileOffset: number }> {
  const req: GraphRequest = { ...g.req('GET', uploadUrl(g.root, uploadId)), authScheme: 'OAuth' };
  const session = decode(offsetSchema, await graphJson(req));
  return { id: session.id, fileOffset: session.file_offset };
}
