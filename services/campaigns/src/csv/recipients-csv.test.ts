import { DomainError, HttpProblem } from '@inbox/platform';
import { detectDelimiter, readRecipientsCsv, type RecipientsCsvOptions } from './recipients-csv';

const tooMany = (max: number) =>
  new HttpProblem({ status: 413, code: 'TOO_MANY_RECIPIENTS', detail: `At most ${max} rows` });
const options: RecipientsCsvOptions = { maxRows: 100, tooMany };

/** The bytes as a stream of chunks of `size` bytes (1: every multi-byte character split). */
async function* chunked(bytes: Buffer, size = bytes.length) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const read = (text: string | Buffer, size?: number, opts = options) =>
  readRecipientsCsv(chunked(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), size), opts);

describe('detectDelimiter', () => {
  it.each([
    ['phone,body.1', ','],
    ['phone;body.1;body.2', ';'],
    ['"a,b";phone', ';'],
    ['phone\tbody.1', '\t'],
    ['phone', ','],
  ])('%j → %j', (line, expected) => {
    expect(detectDelimiter(line)).toBe(expected);
  });
});

describe('readRecipientsCsv', () => {
  it('reads a comma file with a BOM, CRLF, quotes, line breaks and accents', async () => {
    const file =
      '\uFEFFPhone,body.1,Notes\r\n+5215512345678,"José, ""Pepe""",x\r\n5511987654321,"línea\r\ndos",\r\n';
    const csv = await read(file);
    expect(csv.delimiter).toBe(',');
    expect(csv.encoding).toBe('utf-8');
    expect(csv.ignoredColumns).toEqual(['Notes']);
    expect(csv.recipients).toEqual([
      { row: 1, phone: '+5215512345678', parameters: { body: ['José, "Pepe"'] } },
      { row: 2, phone: '5511987654321', parameters: { body: ['línea\r\ndos'] } },
    ]);
    expect(csv.invalid).toEqual([]);
  });

  it('reads what Excel writes in Spanish: semicolons, Windows-1252, LF or CRLF', async () => {
    const file = Buffer.from('Teléfono;{{1}};Ciudad\r\n5215512345678;Núñez, Ana;Cancún\n', 'latin1');
    const csv = await read(file);
    expect(csv.delimiter).toBe(';');
    expect(csv.encoding).toBe('windows-1252');
    expect(csv.recipients).toEqual([
      { row: 1, phone: '5215512345678', parameters: { body: ['Núñez, Ana'] } },
    ]);
  });

  it('reads the same whatever the chunks (a byte at a time splits every accent)', async () => {
    const file = 'phone;body.1\n5215512345678;ação\n5215512345679;"a;b"\n';
    expect((await read(file, 1)).recipients).toEqual((await read(file)).recipients);
    expect((await read(file, 1)).recipients.map((r) => r.parameters?.body)).toEqual([['ação'], ['a;b']]);
  });

  it('lists malformed rows with their row number, skips blank ones and goes on', async () => {
    const file =
      'phone,body.1\n5215512345678,a\n\n,,\n,b\n5215512345679,a,extra\n5215512345670,"he said ""hi"""\n';
    const csv = await read(file);
    expect(csv.rows).toBe(4);
    expect(csv.recipients.map((r) => r.row)).toEqual([1, 4]);
    expect(csv.invalid).toEqual([
      { row: 2, phone: '', reason: 'INVALID_PHONE', message: 'No phone number' },
      { row: 3, phone: '5215512345679', reason: 'MALFORMED_ROW', message: '3 cells where the header has 2' },
    ]);
  });

  it('keeps a stray quote inside a cell as text', async () => {
    const csv = await read('phone,body.1\n5215512345678,5" screen\n');
    expect(csv.recipients[0].parameters).toEqual({ body: ['5" screen'] });
  });

  it('stops at one row more than allowed', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => `52155123456${String(i).padStart(2, '0')}`).join('\n');
    await expect(read(`phone\n${rows}\n`, undefined, { maxRows: 5, tooMany })).rejects.toMatchObject({
      problem: { status: 413, code: 'TOO_MANY_RECIPIENTS' },
    });
    expect((await read(`phone\n${rows}\n`, undefined, { maxRows: 6, tooMany })).recipients).toHaveLength(6);
  });

  it.each([
    ['', 'The file is empty'],
    ['\uFEFF\r\n\r\n', 'The file is empty'],
    ['name,email\nAna,a@x.test\n', 'A column named phone'],
    ['phone,body.1\n5215512345678,"never closed\n5215512345679,b\n', 'Quote Not Closed'],
  ])('refuses %j with a 400', async (file, message) => {
    const error = await read(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    expect((error as DomainError).message).toContain(message);
  });

  it('refuses an Excel workbook with a 415 that says to save it as CSV', async () => {
    const xlsx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100, 1)]);
    await expect(read(xlsx)).rejects.toMatchObject({
      problem: { status: 415, detail: expect.stringContaining('CSV UTF-8') },
    });
  });

  it('fails with the error of the stream it reads', async () => {
    async function* broken() {
      yield Buffer.from('phone\n5215512345678\n');
      throw new Error('client went away');
    }
    await expect(readRecipientsCsv(broken(), options)).rejects.toThrow('client went away');
  });
});
