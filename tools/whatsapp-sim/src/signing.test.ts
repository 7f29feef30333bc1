import { escapeNonAscii, serializeWebhookBody, signBody } from './signing';

describe('signing', () => {
  it('computes the HMAC-SHA256 of a known vector', () => {
    expect(signBody('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('escapes non-ASCII as lowercase \\uXXXX, emoji as surrogate pairs, and leaves ASCII alone', () => {
    expect(escapeNonAscii('{"a":"äöå 👍 / ok"}')).toBe('{"a":"\\u00e4\\u00f6\\u00e5 \\ud83d\\udc4d / ok"}');
    expect(JSON.parse(serializeWebhookBody({ a: 'äöå 👍' }))).toEqual({ a: 'äöå 👍' });
  });
});
