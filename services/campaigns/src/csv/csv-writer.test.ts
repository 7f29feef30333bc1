import { parse } from 'csv-parse/sync';
import { attachmentDisposition, csvLines, safeCell } from './csv-writer';

describe('safeCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1+cmd|calc', `'+1+cmd|calc`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tleading tab', `'\tleading tab`],
    ['\rleading cr', `'\rleading cr`],
    ['＝1+1', `'＝1+1`],
    ['+52 55 1234 5678', `'+52 55 1234 5678`],
  ])('neutralises the formula start of %j', (value, expected) => {
    expect(safeCell(value)).toBe(expected);
  });

  it.each(['+5215512345678', '-12', '-0.5', '42', '3.14', 'plain text', 'a=b', 'José Núñez', ''])(
    'keeps %j as it is',
    (value) => {
      expect(safeCell(value)).toBe(value);
    },
  );

  it('writes numbers, booleans, dates and nothing', () => {
    expect(safeCell(-3)).toBe('-3');
    expect(safeCell(0.0436)).toBe('0.0436');
    expect(safeCell(true)).toBe('true');
    expect(safeCell(new Date('2025-05-01T10:00:00.000Z'))).toBe('2025-05-01T10:00:00.000Z');
    expect(safeCell(null)).toBe('');
    expect(safeCell(undefined)).toBe('');
  });
});

describe('csvLines', () => {
  it('ends every record with CRLF and quotes per RFC 4180', () => {
    const text = csvLines([
      ['a', 'with,comma', 'with "quotes"'],
      ['line\nbreak', 'cr\rinside', 'crlf\r\ninside'],
    ]);
    expect(text).toBe('a,"with,comma","with ""quotes"""\r\n"line\nbreak","cr\rinside","crlf\r\ninside"\r\n');
  });

  it('reads back as the same cells (accents, quotes, line breaks), formulas neutralised', () => {
    const rows = [
      ['Ñandú ação çé 日本', 'say "hi", then\r\nleave', '=1+1', '+5215512345678', ''],
      ['naïve', 'ümlaut;semicolon', '@me', '-7', 'x'],
    ];
    const back = parse(csvLines(rows), { record_delimiter: '\r\n' }) as string[][];
    expect(back).toEqual([
      ['Ñandú ação çé 日本', 'say "hi", then\r\nleave', "'=1+1", '+5215512345678', ''],
      ['naïve', 'ümlaut;semicolon', "'@me", '-7', 'x'],
    ]);
  });

  it('writes nothing for no rows', () => {
    expect(csvLines([])).toBe('');
  });
});

describe('attachmentDisposition', () => {
  it('names an ASCII file plainly', () => {
    expect(attachmentDisposition('campaign-0192.csv')).toBe('attachment; filename="campaign-0192.csv"');
  });

  it('adds RFC 5987 filename* for a name that is not ASCII, with an ASCII fallback', () => {
    expect(attachmentDisposition('campaña "día".csv')).toBe(
      `attachment; filename="campa_a _d_a_.csv"; filename*=UTF-8''campa%C3%B1a%20%22d%C3%ADa%22.csv`,
    );
  });
});
