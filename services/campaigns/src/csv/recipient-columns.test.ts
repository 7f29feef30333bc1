import { DomainError } from '@inbox/platform';
import { readColumns, readRow } from './recipient-columns';

const fieldsOf = (header: string[]) => {
  try {
    readColumns(header);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return (error as DomainError).fields.map((f) => f.message);
  }
  throw new Error('expected the header to be refused');
};

describe('readColumns', () => {
  it.each([
    'phone',
    'Phone',
    ' TELÉFONO ',
    'telefono',
    'WhatsApp',
    'number',
    'Número',
    'Telefone',
    'celular',
  ])('takes %j as the phone column', (name) => {
    expect(readColumns(['name', name]).phone).toBe(1);
  });

  it('reads numbered, header and button columns; other columns are ignored', () => {
    const columns = readColumns([
      'Name',
      'phone',
      '{{2}}',
      'body.1',
      'Header',
      'button.1',
      'button.0.quick_reply',
    ]);
    expect(columns.positional.map((c) => c.cell)).toEqual([3, 2]);
    expect(columns.header).toEqual({ cell: 4, kind: 'text', name: 'Header' });
    expect(columns.buttons).toEqual([
      { cell: 5, index: 1, type: 'url', name: 'button.1' },
      { cell: 6, index: 0, type: 'quick_reply', name: 'button.0.quick_reply' },
    ]);
    expect(columns.ignored).toEqual(['Name']);
  });

  it('keeps the left-most phone column and ignores another', () => {
    const columns = readColumns(['Phone', 'WhatsApp']);
    expect(columns.phone).toBe(0);
    expect(columns.ignored).toEqual(['WhatsApp']);
  });

  it('refuses a header without a phone column', () => {
    expect(fieldsOf(['name', 'email'])).toEqual([
      'A column named phone (or telefono, whatsapp, number) is required',
    ]);
  });

  it('refuses numbered variables with a gap, twice the same, or mixed with named ones', () => {
    expect(fieldsOf(['phone', 'body.1', 'body.3'])).toEqual(['body.2 is missing before body.3']);
    expect(fieldsOf(['phone', 'body.1', '{{1}}'])).toEqual(['{{1}}: given twice']);
    expect(fieldsOf(['phone', 'body.1', 'body.name'])).toEqual([
      'Body variables are either numbered (body.1) or named (body.name), not both',
    ]);
    expect(fieldsOf(['phone', 'body.0'])).toEqual(['body.0: body variables start at 1']);
    expect(fieldsOf(['phone', 'button.10'])).toEqual(['button.10: buttons are numbered 0 to 9']);
    expect(fieldsOf(['phone', 'header', 'header.link'])).toEqual(['header.link: one header column at most']);
  });
});

describe('readRow', () => {
  it('builds the template parameters of a row, trimmed', () => {
    const columns = readColumns([
      'phone',
      'body.1',
      'body.2',
      'header',
      'button.0',
      'button.1.quick_reply',
      'notes',
    ]);
    expect(readRow(columns, [' +52 55 1234 5678 ', 'Ana ', 'Pérez', 'Hola', 'abc', 'yes', 'x'])).toEqual({
      ok: true,
      phone: '+52 55 1234 5678',
      parameters: {
        header: { text: 'Hola' },
        body: ['Ana', 'Pérez'],
        buttons: [
          { index: 0, type: 'url', text: 'abc' },
          { index: 1, type: 'quick_reply', payload: 'yes' },
        ],
      },
    });
  });

  it('names the variables of a template with named parameters', () => {
    const columns = readColumns(['phone', 'body.first_name', '{{order_id}}', 'header.link']);
    expect(readRow(columns, ['5215512345678', 'Ana', '', 'https://x.test/a.jpg'])).toEqual({
      ok: true,
      phone: '5215512345678',
      parameters: { body: { first_name: 'Ana' }, header: { link: 'https://x.test/a.jpg' } },
    });
  });

  it('gives no parameters when the row has none', () => {
    const columns = readColumns(['phone', 'body.1']);
    expect(readRow(columns, ['5215512345678', ''])).toEqual({ ok: true, phone: '5215512345678' });
    expect(readRow(columns, ['5215512345678'])).toEqual({ ok: true, phone: '5215512345678' });
  });

  it.each([
    [['', 'a'], 'INVALID_PHONE', 'No phone number'],
    [['5.21551E+12', 'a'], 'INVALID_PHONE', expect.stringContaining('scientific notation')],
    [['5215512345678', 'a', 'b', 'c'], 'MALFORMED_ROW', '4 cells where the header has 3'],
    [['5215512345678', 'caf\uFFFD', ''], 'MALFORMED_ROW', expect.stringContaining('UTF-8')],
    [['5215512345678', '', 'b'], 'INVALID_PARAMETERS', 'body.1 is empty'],
  ])('refuses %j: %s', (cells, reason, message) => {
    const columns = readColumns(['phone', 'body.1', 'body.2']);
    expect(readRow(columns, cells)).toEqual({ ok: false, phone: cells[0], reason, message });
  });

  it('accepts extra cells that are empty (a trailing delimiter)', () => {
    const columns = readColumns(['phone']);
    expect(readRow(columns, ['5215512345678', '', ' '])).toEqual({ ok: true, phone: '5215512345678' });
  });
});
