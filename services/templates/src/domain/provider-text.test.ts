import { storableText } from './provider-text';

describe('storableText', () => {
  it.each<[string, string, string]>([
    ['plain text', 'Hola {{1}}', 'Hola {{1}}'],
    ['a NUL', 'a\u0000b', 'a\uFFFDb'],
    ['a lone high surrogate', 'x\uD83Dy', 'x\uFFFDy'],
    ['a lone low surrogate', 'x\uDE00y', 'x\uFFFDy'],
    ['a high surrogate at the end', 'x\uD83D', 'x\uFFFD'],
    ['two high surrogates', '\uD83D\uD83D', '\uFFFD\uFFFD'],
    ['a pair (an emoji) kept', 'ok 😀', 'ok 😀'],
    ['reversed pair', '\uDE00\uD83D', '\uFFFD\uFFFD'],
  ])('%s', (_case, input, expected) => {
    expect(storableText(input)).toBe(expected);
  });

  it('cleans every string of a component tree, keys too, and leaves other values alone', () => {
    const components = [
      { type: 'BODY', text: 'a\u0000', example: { body_text: [['\uD800']] }, n: 1, flag: true, none: null },
      { ['k\u0000']: 'v' },
    ];
    expect(storableText(components)).toEqual([
      { type: 'BODY', text: 'a\uFFFD', example: { body_text: [['\uFFFD']] }, n: 1, flag: true, none: null },
      { ['k\uFFFD']: 'v' },
    ]);
  });
});
