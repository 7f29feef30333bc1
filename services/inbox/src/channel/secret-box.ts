import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const keyOf = (value: string): Buffer =>
  /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');

/**
 * AES-256-GCM for secrets stored at rest (channel access tokens). The key comes from
 * INBOX_ENCRYPTION_KEY (32 bytes, base64 or hex). While it is rotated, the keys in
 * INBOX_PREVIOUS_ENCRYPTION_KEYS open what they sealed (GCM's tag tells which key fits); sealing
 * always uses the current key.
 */
export class SecretBox {
  private readonly previous: readonly Buffer[];

  constructor(
    private readonly key: Buffer,
    previousKeys: readonly Buffer[] = [],
  ) {
    for (const k of [key, ...previousKeys])
      if (k.length !== 32) throw new Error('The encryption key must be 32 bytes');
    this.previous = previousKeys.filter((k) => !k.equals(key));
  }

  static fromString(value: string, previous: readonly string[] = []): SecretBox {
    return new SecretBox(keyOf(value), previous.map(keyOf));
  }

  /** Whether previous keys are configured: a rotation of the key is under way. */
  get rotating(): boolean {
    return this.previous.length > 0;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join(':');
  }

  open(sealed: string): string {
    return this.unseal(sealed).plaintext;
  }

  /** The value sealed again with the current key if a previous key sealed it; undefined if the current one did. */
  resealed(sealed: string): string | undefined {
    const { plaintext, current } = this.unseal(sealed);
    return current ? undefined : this.seal(plaintext);
  }

  private unseal(sealed: string): { plaintext: string; current: boolean } {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined)
      throw new Error('Unknown sealed-secret format');
    for (const key of [this.key, ...this.previous]) {
      // The full 16-byte tag only: a shortened one would be easier to forge, once per key tried.
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: 16,
      });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        const plaintext = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
        return { plaintext: plaintext.toString('utf8'), current: key === this.key };
      } catch {
        // The tag does not fit this key: another one sealed it.
      }
    }
    throw new Error(
      'No encryption key opens this sealed secret (INBOX_ENCRYPTION_KEY, INBOX_PREVIOUS_ENCRYPTION_KEYS)',
    );
  }
}
