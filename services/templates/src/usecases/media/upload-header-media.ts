import {
  HEADER_MEDIA_LIMITS,
  HEADER_MEDIA_TYPES,
  headerMediaTypeOf,
  isHeaderMediaType,
  type HeaderMediaType,
} from '@inbox/contracts';
import fs from 'node:fs';
import {
  DomainError,
  HttpProblem,
  invalid,
  newId,
  requireOrganization,
  type ReceivedFile,
  type StartCheck,
  type StoredBlob,
} from '@inbox/platform';
import { headerMediaRepository } from '../../db/repositories/header-media.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { SIGNATURE_BYTES, startsAs } from '../../domain/media-signature';
import { callWhatsApp } from '../templates/provider-errors';
import { channelOf } from '../templates/template-channel';
import { discardFile, headerMediaKey } from './header-media-files';

/** What `POST /templates/upload-media` answers: the handle goes in the HEADER's `example.header_handle`. */
export interface UploadedHeaderMedia {
  handle: string;
  headerType: HeaderMediaType;
  mimeType: string;
  size: number;
  filename: string | null;
}

const rejected = (status: 413 | 415, detail: string) =>
  new HttpProblem({
    status,
    code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
    detail,
    errors: [{ path: 'file', message: detail }],
  });

/** The largest header sample of any type: the upload parser's own limit. */
export const MAX_HEADER_MEDIA_BYTES = Math.max(
  ...HEADER_MEDIA_TYPES.map((t) => HEADER_MEDIA_LIMITS[t].maxBytes),
);

function headerTypeOf(fields: Record<string, string>): HeaderMediaType {
  const headerType = (fields.headerType ?? '').trim().toUpperCase();
  if (!isHeaderMediaType(headerType))
    throw invalid('VALIDATION_FAILED', `headerType must be one of ${HEADER_MEDIA_TYPES.join(', ')}`, [
      { path: 'headerType', message: `One of ${HEADER_MEDIA_TYPES.join(', ')}` },
    ]);
  return headerType;
}

const tooLarge = (headerType: HeaderMediaType) =>
  rejected(
    413,
    `A ${headerType} header sample may be at most ${HEADER_MEDIA_LIMITS[headerType].maxBytes} bytes`,
  );

/**
 * Refuses a file part before it is stored when its type cannot be a header sample (or not of the
 * `headerType` already received), and answers the most it may weigh.
 */
export function headerFileLimit(mimeType: string, fields: Record<string, string>): number {
  const ofFile = headerMediaTypeOf(mimeType);
  const asked = fields.headerType === undefined ? ofFile : headerTypeOf(fields);
  if (!ofFile || !asked) throw unsupported(asked ?? null, mimeType);
  if (ofFile !== asked) throw unsupported(asked, mimeType);
  return HEADER_MEDIA_LIMITS[asked].maxBytes;
}

/** The error of a file over `maxBytes`, for the parser that cuts it off. */
export const headerFileTooLarge = (maxBytes: number) =>
  rejected(413, `This header sample may be at most ${maxBytes} bytes`);

function unsupported(headerType: HeaderMediaType | null, mimeType: string) {
  const allowed = headerType
    ? HEADER_MEDIA_LIMITS[headerType].mimeTypes
    : HEADER_MEDIA_TYPES.flatMap((t) => HEADER_MEDIA_LIMITS[t].mimeTypes);
  const what = headerType ? `A ${headerType} header takes` : 'A header sample is';
  return rejected(415, `${what} ${allowed.join(' or ')}, not ${mimeType || 'a file without a type'}`);
}

/**
 * The file's first bytes against its declared type, while it streams in (before a byte is kept): a
 * text file sent as image/png is 415, never uploaded to WhatsApp nor served as an image.
 */
export const HEADER_FILE_START: StartCheck = {
  bytes: SIGNATURE_BYTES,
  check: (head, file) => {
    if (!startsAs(file.mimeType, head))
      throw rejected(
        415,
        `The file is not what its type says (${file.mimeType}): its first bytes are not those of such a file`,
      );
  },
};

/** The header type asked for and the received file checked against WhatsApp's types and sizes for it. */
function checkFile(file: ReceivedFile): { headerType: HeaderMediaType; mimeType: string } {
  const headerType = headerTypeOf(file.fields);
  if (headerMediaTypeOf(file.mimeType) !== headerType) throw unsupported(headerType, file.mimeType);
  if (file.size > HEADER_MEDIA_LIMITS[headerType].maxBytes) throw tooLarge(headerType);
  if (file.size === 0)
    throw invalid('VALIDATION_FAILED', 'The file is empty', [{ path: 'file', message: 'The file is empty' }]);
  const mimeType = file.mimeType.toLowerCase().split(';')[0].trim();
  return { headerType, mimeType: mimeType === 'image/jpg' ? 'image/jpeg' : mimeType };
}

/** The row's size is the link's Content-Length: the kept blob must be the file WhatsApp got, whole. */
const sameSizeAs = (file: ReceivedFile) => (blob: StoredBlob) => {
  if (blob.size !== file.size)
    throw new Error(`Header sample ${blob.key} kept ${blob.size} bytes of ${file.size}`);
};

/**
 * A header sample: checked (type and size for its header type), sent to WhatsApp's Resumable
 * Upload API from disk (a session on the deployment's app, then the bytes), then put in the blob
 * store and recorded for this organization under the handle WhatsApp answered. The received file
 * is removed in every case; nothing is kept unless WhatsApp gave a handle and the row was written.
 */
export async function uploadHeaderMedia(
  deps: TemplatesDeps,
  caller: CallerContext,
  file: ReceivedFile,
): Promise<UploadedHeaderMedia> {
  try {
    requireOrganization(caller);
    const { headerType, mimeType } = checkFile(file);
    const appId = deps.settings.whatsappAppId;
    if (!appId)
      throw new DomainError(
        'unavailable',
        'UPLOADS_NOT_CONFIGURED',
        'Header samples cannot be uploaded: the deployment has no WhatsApp app id (WHATSAPP_APP_ID)',
      );
    const channel = await channelOf(deps, caller);
    const whatsapp = deps.whatsappFor(channel);
    const filename = file.filename?.trim() || `header-${headerType.toLowerCase()}`;
    const { h: handle } = await callWhatsApp(async () => {
      const session = await whatsapp.createUploadSession(appId, {
        fileName: filename,
        fileLength: file.size,
        fileType: mimeType,
      });
      return whatsapp.uploadFile(session.id, file.path);
    });
    const id = newId();
    const stored = headerMediaKey(caller.orgId, id);
    await deps.blobs.put(stored, fs.createReadStream(file.path), { verify: sameSizeAs(file) });
    await headerMediaRepository
      .insert(deps.db, {
        id,
        orgId: caller.orgId,
        handle,
        headerType,
        path: stored,
        mimeType,
        size: file.size,
        filename: file.filename?.trim() || null,
        createdAt: deps.now(),
      })
      .catch(async (error: unknown) => {
        await deps.blobs
          .delete(stored)
          .catch((cleanup: unknown) =>
            deps.logger.warn({ err: cleanup, key: stored }, 'header sample left in the blob store'),
          );
        throw error;
      });
    return { handle, headerType, mimeType, size: file.size, filename: file.filename?.trim() || null };
  } finally {
    await discardFile(file.path);
  }
}
