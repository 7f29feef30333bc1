/** Small stand-in files for inbound media when a test does not bring its own bytes. */

export const DEFAULT_MIME: Record<string, string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/ogg; codecs=opus',
  document: 'application/pdf',
  sticker: 'image/webp',
};

const MAGIC: Record<string, Buffer> = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
  'video/mp4': Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]),
  'audio/ogg': Buffer.from('OggS\u0000\u0002'),
  'application/pdf': Buffer.from('%PDF-1.4\n'),
};

/** Magic bytes of the type (where known) followed by a readable marker, unique per call. */
export function sampleFile(mimeType: string): Buffer {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  const marker = Buffer.from(
    `\nwhatsapp-sim sample ${base} ${Date.now()}-${Math.random().toString(36).slice(2)}\n`,
  );
  return Buffer.concat([MAGIC[base] ?? Buffer.alloc(0), marker]);
}

export function sampleFilename(mimeType: string): string {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  const ext = base === 'application/pdf' ? 'pdf' : (base.split('/')[1] ?? 'bin');
  return `document.${ext}`;
}
