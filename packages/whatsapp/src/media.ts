/** Media WhatsApp accepts, per kind (reference §4). Sizes are binary megabytes. */

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export interface MediaLimit {
  mimeTypes: readonly string[];
  maxBytes: number;
}

const KB = 1024;
const MB = 1024 * KB;

export const MEDIA_LIMITS: Readonly<Record<MediaKind, MediaLimit>> = {
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  video: { mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
  audio: { mimeTypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * MB },
  document: {
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
    maxBytes: 100 * MB,
  },
  // Animated stickers may reach 500 KB, static ones 100 KB; the bytes alone do not say which.
  sticker: { mimeTypes: ['image/webp'], maxBytes: 500 * KB },
};

/** Static (non-animated) stickers are limited to 100 KB. */
export const STATIC_STICKER_MAX_BYTES = 100 * KB;

/** `Audio/OGG; codecs=opus` → `audio/ogg`. */
export function baseMimeType(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

const KINDS = Object.keys(MEDIA_LIMITS) as MediaKind[];

/** The kind a MIME type is sent as when the caller does not choose one (webp → sticker). */
export function mediaKindFor(mimeType: string): MediaKind | undefined {
  const base = baseMimeType(mimeType);
  return KINDS.find((kind) => MEDIA_LIMITS[kind].mimeTypes.includes(base));
}

export type MediaCheck = { ok: true; kind: MediaKind } | { ok: false; status: 413 | 415; reason: string };

/** Checks a file before upload: 415 for a MIME type the kind does not take, 413 when it is too large. */
export function checkMedia(kind: MediaKind | undefined, mimeType: string, size: number): MediaCheck {
  const base = baseMimeType(mimeType);
  const resolved = kind ?? mediaKindFor(base);
  if (resolved === undefined) {
    return { ok: false, status: 415, reason: `WhatsApp does not accept ${base || 'an empty MIME type'}` };
  }
  const limit = MEDIA_LIMITS[resolved];
  if (!limit.mimeTypes.includes(base)) {
    return {
      ok: false,
      status: 415,
      reason: `${resolved} must be one of ${limit.mimeTypes.join(', ')}; got ${base}`,
    };
  }
  if (!Number.isFinite(size) || size < 0 || size > limit.maxBytes) {
    return {
      ok: false,
      status: 413,
      reason: `${resolved} is limited to ${limit.maxBytes} bytes; got ${size}`,
    };
  }
  return { ok: true, kind: resolved };
}
