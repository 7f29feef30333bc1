import { parseJsonKeepingLargeIntegers } from './lossless-json';

describe('parseJsonKeepingLargeIntegers', () => {
  it.each([
    ['an id beyond 2^53 becomes its digits', '{"id":1234567890123456789}', { id: '1234567890123456789' }],
    ['a negative one too', '[-9007199254740993]', ['-9007199254740993']],
    ['2^53 - 1 stays a number', '{"id":9007199254740991}', { id: 9007199254740991 }],
    [
      'small numbers, fractions and exponents are untouched',
      '[1,-2.5,3e2,1.2345678901234567]',
      [1, -2.5, 300, 1.2345678901234567],
    ],
    [
      'digits inside strings are untouched',
      '{"a":"12345678901234567890","b":"\\"99999999999999999999"}',
      { a: '12345678901234567890', b: '"99999999999999999999' },
    ],
    [
      'a large integer after an escaped quote',
      '{"a":"x\\\\","b":12345678901234567890}',
      { a: 'x\\', b: '12345678901234567890' },
    ],
    [
      'nested in arrays and objects',
      '{"entry":[{"changes":[{"value":{"message_template_id":1252715608684590123,"n":7}}]}]}',
      { entry: [{ changes: [{ value: { message_template_id: '1252715608684590123', n: 7 } }] }] },
    ],
  ])('%s', (_name, text, expected) => {
    expect(parseJsonKeepingLargeIntegers(text)).toEqual(expected);
  });

  it.each(['{"a": ', '{"a":12345678901234567890', '[1234567890123456789x]'])(
    'still refuses malformed JSON: %s',
    (text) => {
      expect(() => parseJsonKeepingLargeIntegers(text)).toThrow(SyntaxError);
    },
  );
});
