import { checkMedia, MEDIA_LIMITS, mediaKindFor } from './media';

const MB = 1024 * 1024;

describe('mediaKindFor', () => {
  it.each([
    ['image/jpeg', 'image'],
    ['IMAGE/PNG', 'image'],
    ['image/webp', 'sticker'],
    ['video/3gpp', 'video'],
    ['audio/ogg; codecs=opus', 'audio'],
    ['application/pdf', 'document'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document'],
    ['image/gif', undefined],
    ['application/zip', undefined],
  ])('%s → %s', (mime, kind) => {
    expect(mediaKindFor(mime)).toBe(kind);
  });
});

describe('checkMedia', () => {
  it.each([
    ['image', 'image/png', 5 * MB],
    ['video', 'video/mp4', 16 * MB],
    ['audio', 'audio/mpeg', 16 * MB],
    ['document', 'application/pdf', 100 * MB],
    ['document', 'text/plain', 10],
    ['sticker', 'image/webp', 500 * 1024],
  ] as const)('accepts %s %s at %i bytes (the limit)', (kind, mime, size) => {
    expect(checkMedia(kind, mime, size)).toEqual({ ok: true, kind });
  });

  it('infers the kind when none is given', () => {
    expect(checkMedia(undefined, 'audio/ogg; codecs=opus', 1000)).toEqual({ ok: true, kind: 'audio' });
  });

  it.each([
    ['image', 'image/jpeg', 5 * MB + 1],
    ['video', 'video/mp4', 16 * MB + 1],
    ['audio', 'audio/aac', 16 * MB + 1],
    ['document', 'application/pdf', 100 * MB + 1],
    ['sticker', 'image/webp', 500 * 1024 + 1],
    [undefined, 'image/png', 6 * MB],
  ] as const)('answers 413 for %s %s at %i bytes', (kind, mime, size) => {
    expect(checkMedia(kind, mime, size)).toMatchObject({ ok: false, status: 413 });
  });

  it.each([
    ['image', 'image/gif'],
    ['image', 'image/webp'],
    ['video', 'video/quicktime'],
    ['document', 'application/zip'],
    ['sticker', 'image/png'],
    [undefined, 'application/x-msdownload'],
    [undefined, ''],
  ] as const)('answers 415 for %s %s', (kind, mime) => {
    const result = checkMedia(kind, mime, 10);
    expect(result).toMatchObject({ ok: false, status: 415 });
    expect(result.ok || result.reason.length > 0).toBe(true);
  });

  it('checks the MIME type before the size', () => {
    expect(checkMedia('image', 'image/gif', 50 * MB)).toMatchObject({ status: 415 });
  });

  it('lists the documented MIME types per kind', () => {
    expect(MEDIA_LIMITS.image.mimeTypes).toEqual(['image/jpeg', 'image/png']);
    expect(MEDIA_LIMITS.audio.mimeTypes).toContain('audio/amr');
    expect(MEDIA_LIMITS.document.mimeTypes).toHaveLength(8);
  });
});
