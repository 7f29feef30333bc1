import { createHash } from 'node:crypto';
import { newMediaId, newToken } from './ids';
import type { MediaRecord, SimulatorState } from './state';
import type { SimContext } from './context';

/** What the platform accepts per media type (reference §4); MIME parameters are ignored when comparing. */
export const MEDIA_LIMITS: { type: string; mimeTypes: string[]; maxBytes: number }[] = [
  {
    type: 'audio',
    mimeTypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
    maxBytes: 16 << 20,
  },
  {
    type: 'document',
    mimeTypes: [
      'text/plain',
      'application/pdf',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    maxBytes: 100 << 20,
  },
  { type: 'image', mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 << 20 },
  { type: 'sticker', mimeTypes: ['image/webp'], maxBytes: 500 << 10 },
  { type: 'video', mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 << 20 },
];

export const ALL_MIME_TYPES = MEDIA_LIMITS.flatMap((l) => l.mimeTypes);

export function baseMime(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

export function limitFor(mimeType: string) {
  return MEDIA_LIMITS.find((l) => l.mimeTypes.includes(baseMime(mimeType)));
}

export function storeMedia(
  state: SimulatorState,
  input: { bytes: Buffer; mimeType: string; filename?: string; origin: MediaRecord['origin'] },
): MediaRecord {
  const record: MediaRecord = {
    id: newMediaId(),
    mimeType: input.mimeType,
    bytes: input.bytes,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    ...(input.filename ? { filename: input.filename } : {}),
    origin: input.origin,
    createdAt: new Date().toISOString(),
  };
  state.media.set(record.id, record);
  return record;
}

/** A download URL on the simulator itself, valid for mediaUrlTtlMs like Meta's 5-minute URLs. */
export function issueMediaUrl(ctx: SimContext, mediaId: string): string {
  const token = newToken();
  ctx.state.mediaTokens.set(token, { mediaId, expiresAt: Date.now() + ctx.mediaUrlTtlMs });
  return `${ctx.baseUrl()}/media-download/${mediaId}?token=${token}`;
}
