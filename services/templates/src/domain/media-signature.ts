/**
 * How each header sample type's content starts (its "magic number"). The declared type is the
 * client's word; these bytes are the file's. `at` is where the signature sits (MP4's `ftyp` box
 * comes after the box's 4-byte size).
 */
const SIGNATURES: Readonly<Record<string, { at: number; bytes: Buffer }>> = {
  'image/jpeg': { at: 0, bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  'image/png': { at: 0, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  'application/pdf': { at: 0, bytes: Buffer.from('%PDF-', 'latin1') },
  'video/mp4': { at: 4, bytes: Buffer.from('ftyp', 'latin1') },
};

/** The first bytes a signature check needs (the longest signature's end). */
export const SIGNATURE_BYTES = Math.max(...Object.values(SIGNATURES).map((s) => s.at + s.bytes.length));

const normalized = (mimeType: string) => {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  return type === 'image/jpg' ? 'image/jpeg' : type;
};

/**
 * Whether a file's first bytes are those of `mimeType`. A type without a known signature is not
 * one a header takes (refused earlier by its declared type): false.
 */
export function startsAs(mimeType: string, head: Buffer): boolean {
  const signature = SIGNATURES[normalized(mimeType)];
  if (!signature) return false;
  const { at, bytes } = signature;
  return head.length >= at + bytes.length && head.subarray(at, at + bytes.length).equals(bytes);
}
