import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { GraphError, invalidParameter, invalidToken, unknownObject } from './graph-errors';
import { newHexId, newToken } from './ids';
import type { SimContext } from './context';

/**
 * Meta's Resumable Upload API (reference §6): `POST /{app-id}/uploads` opens a session, `POST
 * /upload:…` with `Authorization: OAuth <token>` and `file_offset` takes the bytes (streamed to
 * disk) and answers the handle `{ h }`, `GET /upload:…` tells how far an interrupted upload got.
 */

/** The types the API takes, and the most each may weigh (WhatsApp's media limits). */
export const UPLOAD_LIMITS: Record<string, number> = {
  'application/pdf': 100 << 20,
  'image/jpeg': 5 << 20,
  'image/jpg': 5 << 20,
  'image/png': 5 << 20,
  'video/mp4': 16 << 20,
};

export interface UploadSession {
  /** `upload:<opaque>`, the path segment. */
  key: string;
  /** The id as answered: the key plus its `?sig=` query, as Meta's ids have. */
  id: string;
  sig: string;
  appId: string;
  fileName: string;
  fileLength: number;
  fileType: string;
  offset: number;
  file: string;
  handle?: string;
}

export interface UploadedHandle {
  handle: string;
  mimeType: string;
  size: number;
  file: string;
  fileName: string;
}

/** `Authorization: OAuth <token>`: a Bearer header is refused here, as Meta refuses it. */
function requireOAuth(ctx: SimContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    const match = header ? /^OAuth\s+(\S+)$/i.exec(header) : null;
    if (!match) return next(invalidToken(header === undefined));
    if (match[1] !== ctx.accessToken) return next(invalidToken(false));
    next();
  };
}

/** Session creation takes the token as Graph does elsewhere: a Bearer header or `access_token`. */
function requireAnyToken(ctx: SimContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const token = bearer ?? (typeof req.query.access_token === 'string' ? req.query.access_token : undefined);
    if (token === undefined) return next(invalidToken(true));
    if (token !== ctx.accessToken) return next(invalidToken(false));
    next();
  };
}

function sessionOf(ctx: SimContext, req: Request, verb: 'get' | 'post'): UploadSession {
  const key = String(req.params.uploadId);
  const session = ctx.state.uploads.get(key);
  if (!session || req.query.sig !== session.sig) throw unknownObject(key, verb);
  return session;
}

function openSession(ctx: SimContext, req: Request): UploadSession {
  const appId = String(req.params.appId);
  if (!/^\d+$/.test(appId) || (ctx.appId !== undefined && appId !== ctx.appId)) {
    throw unknownObject(appId, 'post');
  }
  const { file_name: fileName, file_length: length, file_type: fileType } = req.query;
  if (typeof fileName !== 'string' || fileName.length === 0) {
    throw invalidParameter('The parameter file_name is required.');
  }
  if (typeof length !== 'string' || !/^[1-9]\d*$/.test(length)) {
    throw invalidParameter('Param file_length must be a positive integer.');
  }
  const max = typeof fileType === 'string' ? UPLOAD_LIMITS[fileType.toLowerCase()] : undefined;
  if (typeof fileType !== 'string' || max === undefined) {
    throw invalidParameter(`Param file_type must be one of {${Object.keys(UPLOAD_LIMITS).join(', ')}}.`);
  }
  if (Number(length) > max)
    throw invalidParameter(`Param file_length must be at most ${max} for ${fileType}.`);
  const opaque = Buffer.from(`1:attachment:${newHexId()}?file_length=${length}&file_type=${fileType}`);
  const key = `upload:${opaque.toString('base64url')}`;
  const sig = `AR${newToken()}`;
  const file = path.join(ctx.mediaDir, `resumable-${newHexId(8)}`);
  fs.writeFileSync(file, Buffer.alloc(0));
  const session: UploadSession = {
    key,
    id: `${key}?sig=${sig}`,
    sig,
    appId,
    fileName,
    fileLength: Number(length),
    fileType: fileType.toLowerCase(),
    offset: 0,
    file,
  };
  ctx.state.uploads.set(key, session);
  return session;
}

/** Appends the body at the session's offset; what arrived before a broken connection is kept. */
async function receive(req: Request, session: UploadSession): Promise<void> {
  const remaining = session.fileLength - session.offset;
  let received = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > remaining) return done(invalidParameter(`The body is longer than file_length allows.`));
      done(null, chunk);
    },
  });
  const out = fs.createWriteStream(session.file, { flags: 'r+', start: session.offset });
  try {
    await pipeline(req, cap, out);
  } finally {
    // Only whole writes count; anything past them is cut so a resume starts at a true offset.
    session.offset += Math.min(out.bytesWritten, remaining);
    fs.truncateSync(session.file, session.offset);
  }
}

function finish(session: UploadSession, ctx: SimContext): string {
  if (!session.handle) {
    const mime = Buffer.from(session.fileType).toString('base64');
    session.handle = `4::${mime}:AR${newToken()}${newToken()}:e:${Math.floor(ctx.now() / 1000) + 30 * 86400}`;
    ctx.state.handles.set(session.handle, {
      handle: session.handle,
      mimeType: session.fileType === 'image/jpg' ? 'image/jpeg' : session.fileType,
      size: session.fileLength,
      file: session.file,
      fileName: session.fileName,
    });
  }
  return session.handle;
}

export function uploadsRouter(ctx: SimContext): express.Router {
  const router = express.Router();
  // Other ids (media, phone numbers, templates) skip this route and reach their own routers.
  const onlyUploads = (req: Request, _res: Response, next: NextFunction) =>
    String(req.params.uploadId).startsWith('upload:') ? next() : next('route');

  router.post('/:version/:appId/uploads', requireAnyToken(ctx), (req: Request, res: Response) => {
    res.json({ id: openSession(ctx, req).id });
  });

  router.post('/:version/:uploadId', onlyUploads, requireOAuth(ctx), async (req: Request, res: Response) => {
    const session = sessionOf(ctx, req, 'post');
    const offset = req.get('file_offset');
    if (offset === undefined || !/^\d+$/.test(offset)) {
      throw invalidParameter('The header file_offset is required.');
    }
    if (Number(offset) !== session.offset) {
      throw new GraphError({
        code: 100,
        message: `(#100) file_offset ${offset} does not match the uploaded length ${session.offset}.`,
      });
    }
    if (session.offset < session.fileLength) await receive(req, session);
    if (session.offset < session.fileLength) {
      throw invalidParameter(
        `The upload is incomplete: ${session.offset} of ${session.fileLength} bytes; resume from file_offset ${session.offset}.`,
      );
    }
    res.json({ h: finish(session, ctx) });
  });

  router.get('/:version/:uploadId', onlyUploads, requireOAuth(ctx), (req: Request, res: Response) => {
    const session = sessionOf(ctx, req, 'get');
    res.json({ id: session.id, file_offset: session.offset });
  });

  return router;
}
