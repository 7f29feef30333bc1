import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
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

type MediaInput = { mimeType: string; filename?: string; origin: MediaRecord['origin'] };
type MediaContent = Pick<MediaRecord, 'size' | 'sha256' | 'bytes' | 'file' | 'generated'>;

function remember(state: SimulatorState, input: MediaInput, content: MediaContent): MediaRecord {
  const record: MediaRecord = {
    id: newMediaId(),
    mimeType: input.mimeType,
    ...content,
    ...(input.filename ? { filename: input.filename } : {}),
    origin: input.origin,
    createdAt: new Date().toISOString(),
  };
  state.media.set(record.id, record);
  return record;
}

/** A small file held in memory. */
export function storeMedia(state: SimulatorState, input: MediaInput & { bytes: Buffer }): MediaRecord {
  const { bytes } = input;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return remember(state, input, { size: bytes.length, sha256, bytes });
}

/** A file already written (and hashed) into the simulator's media folder: an upload. */
export function storeMediaFile(
  state: SimulatorState,
  input: MediaInput & { file: string; size: number; sha256: string },
): MediaRecord {
  const { file, size, sha256 } = input;
  return remember(state, input, { file, size, sha256 });
}

const BLOCK = 64 * 1024;

/** Deterministic bytes of any length, made block by block: large test files never sit in memory. */
function* generatedBlocks(seed: number, size: number): Generator<Buffer> {
  const pattern = Buffer.alloc(BLOCK);
  for (let i = 0; i < BLOCK; i += 4) pattern.writeUInt32LE((seed * 2654435761 + i) >>> 0, i);
  for (let offset = 0, index = 0; offset < size; offset += BLOCK, index += 1) {
    const block = Buffer.from(pattern);
    block.writeUInt32LE(index, 0); // no two blocks alike
    yield offset + BLOCK <= size ? block : block.subarray(0, size - offset);
  }
}

/** A generated file of `size` bytes (up to the platform's largest), hashed once here. */
export function storeGeneratedMedia(
  state: SimulatorState,
  input: MediaInput & { size: number },
): MediaRecord {
  const generated = { seed: randomInt(2 ** 31) };
  const hash = createHash('sha256');
  for (const block of generatedBlocks(generated.seed, input.size)) hash.update(block);
  return remember(state, input, { size: input.size, sha256: hash.digest('hex'), generated });
}

/** The bytes of a media record, as a stream. */
export function openMedia(record: MediaRecord): Readable {
  if (record.file) return fs.createReadStream(record.file);
  if (record.generated) return Readable.from(generatedBlocks(record.generated.seed, record.size));
  return Readable.from([record.bytes ?? Buffer.alloc(0)]);
}

/** Forgets a media record and removes its file, if it has one. */
export function deleteMedia(state: SimulatorState, record: MediaRecord): void {
  state.media.delete(record.id);
  if (record.file) fs.rmSync(record.file, { force: true });
}

/** A download URL on the simulator itself, valid for mediaUrlTtlMs like Meta's 5-minute URLs. */
export function issueMediaUrl(ctx: SimContext, mediaId: string): string {
  const token = newToken();
  ctx.state.mediaTokens.set(token, { mediaId, expiresAt: Date.now() + ctx.mediaUrlTtlMs });
  return `${ctx.baseUrl()}/media-download/${mediaId}?token=${token}`;
}
