import { checkQuickReplyFields, normalizeShortcut } from './quick-reply-input';

const fieldsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { fields: Array<{ path: string }> }).fields.map((f) => f.path);
  }
  return [];
};

describe('quick reply input', () => {
  it('drops one leading slash and surrounding spaces from a shortcut', () => {
    expect(normalizeShortcut(' /greeting ')).toBe('greeting');
    expect(normalizeShortcut('Out-of_office2')).toBe('Out-of_office2');
    expect(normalizeShortcut('//twice')).toBe('/twice');
  });

  it('accepts shortcuts of 1 to 32 letters, digits, "-" and "_" only', () => {
    for (const ok of ['a', '/a', 'x'.repeat(32), 'Promo_2024-b'])
      expect(checkQuickReplyFields({ shortcut: ok }, false).shortcut).toBe(ok.replace(/^\//, ''));
    for (const bad of ['', '/', 'x'.repeat(33), 'two words', '//twice', 'saludó', 'a.b'])
      expect(fieldsOf(() => checkQuickReplyFields({ shortcut: bad }, false))).toEqual(['shortcut']);
  });

  it('trims label and text and checks their lengths', () => {
    expect(checkQuickReplyFields({ label: '  Hello ', text: '\n Hi there \n' }, false)).toEqual({
      label: 'Hello',
      text: 'Hi there',
    });
    expect(checkQuickReplyFields({ label: 'l'.repeat(100), text: 't'.repeat(4096) }, false)).toMatchObject({
      label: 'l'.repeat(100),
    });
    expect(fieldsOf(() => checkQuickReplyFields({ label: '   ', text: 't'.repeat(4097) }, false))).toEqual([
      'label',
      'text',
    ]);
    expect(fieldsOf(() => checkQuickReplyFields({ label: 'l'.repeat(101), text: ' ' }, false))).toEqual([
      'label',
      'text',
    ]);
  });

  it('requires every text field on creation and none on update', () => {
    expect(fieldsOf(() => checkQuickReplyFields({}, true))).toEqual(['shortcut', 'label', 'text']);
    expect(checkQuickReplyFields({}, false)).toEqual({});
    expect(checkQuickReplyFields({ active: false }, false)).toEqual({ active: false });
  });
});
