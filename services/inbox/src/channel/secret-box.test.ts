import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('EAAG-secret-token');
    expect(sealed).not.toContain('EAAG');
    expect(box.open(sealed)).toBe('EAAG-secret-token');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value or another key', () => {
    const sealed = box.seal('token');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('refuses a value whose tag was shortened (GCM would check only the bytes left)', () => {
    const parts = box.seal('token').split(':');
    parts[2] = Buffer.from(parts[2], 'base64url').subarray(0, 12).toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
  });

  it('accepts hex or base64 keys of 32 bytes only', () => {
    expect(() => SecretBox.fromString('ab'.repeat(32))).not.toThrow();
    expect(() => SecretBox.fromString(randomBytes(32).toString('base64'))).not.toThrow();
    expect(() => SecretBox.fromString('short')).toThrow();
  });

  describe('while INBOX_ENCRYPTION_KEY is rotated (INBOX_PREVIOUS_ENCRYPTION_KEYS)', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const sealedBefore = new SecretBox(oldKey).seal('EAAG-before');

    it('opens what a previous key sealed, and only with the key ring', () => {
      expect(new SecretBox(newKey, [oldKey]).open(sealedBefore)).toBe('EAAG-before');
      expect(
        SecretBox.fromString(newKey.toString('hex'), [oldKey.toString('base64')]).open(sealedBefore),
      ).toBe('EAAG-before');
      expect(() => new SecretBox(newKey).open(sealedBefore)).toThrow(/No encryption key opens/);
    });

    it('seals with the current key only', () => {
      const sealed = new SecretBox(newKey, [oldKey]).seal('EAAG-after');
      expect(new SecretBox(newKey).open(sealed)).toBe('EAAG-after');
      expect(() => new SecretBox(oldKey).open(sealed)).toThrow();
    });

    it('seals again with the current key what a previous key sealed, and leaves the rest', () => {
      const ring = new SecretBox(newKey, [oldKey]);
      const resealed = ring.resealed(sealedBefore)!;
      expect(new SecretBox(newKey).open(resealed)).toBe('EAAG-before');
      expect(ring.resealed(resealed)).toBeUndefined();
      expect(() => ring.resealed(new SecretBox(randomBytes(32)).seal('x'))).toThrow();
    });

    it('knows a rotation is under way only when a previous key differs from the current one', () => {
      expect(new SecretBox(newKey).rotating).toBe(false);
      expect(new SecretBox(newKey, [Buffer.from(newKey)]).rotating).toBe(false);
      expect(new SecretBox(newKey, [oldKey]).rotating).toBe(true);
      expect(() => new SecretBox(newKey, [randomBytes(16)])).toThrow(/32 bytes/);
    });
  });
});
