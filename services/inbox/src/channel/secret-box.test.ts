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

  it('accepts hex or base64 keys of 32 bytes only', () => {
    expect(() => SecretBox.fromString('ab'.repeat(32))).not.toThrow();
    expect(() => SecretBox.fromString(randomBytes(32).toString('base64'))).not.toThrow();
    expect(() => SecretBox.fromString('short')).toThrow();
  });
});
