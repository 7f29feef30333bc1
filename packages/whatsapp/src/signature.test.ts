import { escapeNonAscii, signPayload, verifySignature } from './signature';

const SECRET = 'app-secret-1';
const body = (s: string) => Buffer.from(s, 'utf8');

describe('signPayload', () => {
  it('matches a published HMAC-SHA256 test vector', () => {
    expect(signPayload('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('signs a string as its UTF-8 bytes', () => {
    expect(signPayload('{"a":"ä"}', SECRET)).toBe(signPayload(body('{"a":"ä"}'), SECRET));
  });
});

describe('verifySignature', () => {
  const raw = body('{"object":"whatsapp_business_account","entry":[]}');
  const header = signPayload(raw, SECRET);

  it('accepts the signature of the exact bytes', () => {
    expect(verifySignature(raw, header, SECRET)).toBe(true);
    expect(verifySignature(raw, header.toUpperCase().replace('SHA256=', 'sha256='), SECRET)).toBe(true);
  });

  it('rejects a tampered body, even by one byte or one whitespace', () => {
    const tampered = Buffer.from(raw);
    tampered[tampered.length - 2] ^= 1;
    expect(verifySignature(tampered, header, SECRET)).toBe(false);
    expect(verifySignature(body(' ' + raw.toString()), header, SECRET)).toBe(false);
  });

  it('rejects the wrong secret', () => {
    expect(verifySignature(raw, header, 'other-secret')).toBe(false);
    expect(verifySignature(raw, header, '')).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no prefix', header.slice('sha256='.length)],
    ['sha1 prefix', header.replace('sha256=', 'sha1=')],
    ['short hex', header.slice(0, -2)],
    ['long hex', header + '00'],
    ['not hex', 'sha256=' + 'z'.repeat(64)],
  ])('rejects a %s header', (_label, value) => {
    expect(verifySignature(raw, value, SECRET)).toBe(false);
  });
});

describe('non-ASCII bodies', () => {
  const payload = { text: { body: 'äöå 👍 Lucía' } };

  it('escapes non-ASCII as lowercase \\uXXXX, emoji as surrogate pairs, keeping the JSON equal', () => {
    const escaped = escapeNonAscii(JSON.stringify(payload));
    expect(escaped).toBe('{"text":{"body":"\\u00e4\\u00f6\\u00e5 \\ud83d\\udc4d Luc\\u00eda"}}');
    expect(/[^\x00-\x7f]/.test(escaped)).toBe(false);
    expect(JSON.parse(escaped)).toEqual(payload);
  });

  it('verifies the escaped bytes the simulator sends', () => {
    const escaped = body(escapeNonAscii(JSON.stringify(payload)));
    expect(verifySignature(escaped, signPayload(escaped, SECRET), SECRET)).toBe(true);
  });

  it('verifies unescaped bytes signed over their escaped form, as Meta documents', () => {
    const json = JSON.stringify(payload);
    expect(verifySignature(body(json), signPayload(escapeNonAscii(json), SECRET), SECRET)).toBe(true);
  });

  it('verifies unescaped bytes signed as they are', () => {
    const raw = body(JSON.stringify(payload));
    expect(verifySignature(raw, signPayload(raw, SECRET), SECRET)).toBe(true);
  });

  it('rejects a non-ASCII body whose text was changed', () => {
    const header = signPayload(escapeNonAscii(JSON.stringify(payload)), SECRET);
    const changed = body(JSON.stringify({ text: { body: 'äöå 👎 Lucía' } }));
    expect(verifySignature(changed, header, SECRET)).toBe(false);
  });
});
