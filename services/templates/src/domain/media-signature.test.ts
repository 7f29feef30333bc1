import { SIGNATURE_BYTES, startsAs } from './media-signature';

const hex = (h: string) => Buffer.from(h.replace(/ /g, ''), 'hex');
const JPEG = hex('ff d8 ff e0 00 10 4a 46 49 46 00 01');
const PNG = hex('89 50 4e 47 0d 0a 1a 0a 00 00 00 0d');
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ', 'latin1');
const MP4 = Buffer.concat([hex('00 00 00 20'), Buffer.from('ftypisom', 'latin1')]);
const TEXT = Buffer.from('just a text file');

describe('startsAs', () => {
  it.each<[string, string, Buffer, boolean]>([
    ['a JPEG', 'image/jpeg', JPEG, true],
    ['a JPEG declared image/jpg', 'image/jpg', JPEG, true],
    ['a PNG', 'image/png', PNG, true],
    ['a PNG, type with parameters and upper case', 'Image/PNG; charset=binary', PNG, true],
    ['a PDF', 'application/pdf', PDF, true],
    ['an MP4 (ftyp at offset 4)', 'video/mp4', MP4, true],
    ['text declared as PNG', 'image/png', TEXT, false],
    ['a JPEG declared as PNG', 'image/png', JPEG, false],
    ['a PNG declared as JPEG', 'image/jpeg', PNG, false],
    ['a PNG declared as PDF', 'application/pdf', PNG, false],
    ['ftyp at offset 0 declared as MP4', 'video/mp4', Buffer.from('ftypisom0000', 'latin1'), false],
    ['a PNG cut short', 'image/png', PNG.subarray(0, 7), false],
    ['nothing at all', 'image/jpeg', Buffer.alloc(0), false],
    ['a type without a signature', 'image/gif', Buffer.from('GIF89a', 'latin1'), false],
  ])('%s', (_case, mimeType, head, expected) => {
    expect(startsAs(mimeType, head)).toBe(expected);
  });

  it('needs the first 8 bytes (a PNG signature, MP4 ftyp at 4–7)', () => {
    expect(SIGNATURE_BYTES).toBe(8);
  });
});
