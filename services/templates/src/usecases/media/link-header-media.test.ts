import { hasMediaHeader, headerHandleOf, headerSampleChanged } from './link-header-media';

describe('the header handle a template points at', () => {
  it.each<[string, Array<{ type: string } & Record<string, unknown>>, boolean, string | null]>([
    [
      'an image header with a handle',
      [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aGk='] } }],
      true,
      '4::aGk=',
    ],
    [
      'a document header, lower case as some clients send it',
      [{ type: 'header', format: 'document', example: { header_handle: ['h1', 'h2'] } }],
      true,
      'h1',
    ],
    ['a media header without an example', [{ type: 'HEADER', format: 'VIDEO' }], true, null],
    ['an empty handle', [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [''] } }], true, null],
    [
      'a text header',
      [{ type: 'HEADER', format: 'TEXT', text: 'Hola', example: { header_handle: ['x'] } }],
      false,
      null,
    ],
    ['no header at all', [{ type: 'BODY', text: 'Hola' }], false, null],
  ])('%s', (_case, components, media, handle) => {
    expect(hasMediaHeader(components)).toBe(media);
    expect(headerHandleOf(components)).toBe(handle);
  });
});

describe('whether a HEADER shows another file after a change in WhatsApp', () => {
  const image = (sample?: string) => [
    { type: 'HEADER', format: 'IMAGE', ...(sample ? { example: { header_handle: [sample] } } : {}) },
    { type: 'BODY', text: 'Hola' },
  ];
  const link = (path: string, query = 'oh=00_AbC&oe=6650A1B2') =>
    `https://scontent.whatsapp.net/v/t61.29466-34/${path}?${query}`;

  it.each<
    [
      string,
      Array<{ type: string } & Record<string, unknown>>,
      Array<{ type: string } & Record<string, unknown>>,
      boolean,
    ]
  >([
    ['the same handle', image('4::aGk=:one'), image('4::aGk=:one'), false],
    [
      'the same link with a new signature',
      image(link('111_n.jpg')),
      image(link('111_n.jpg', 'oh=00_XyZ&oe=6700')),
      false,
    ],
    ['our handle, then WhatsApp’s link to its copy', image('4::aGk=:one'), image(link('111_n.jpg')), false],
    ['another file behind the link', image(link('111_n.jpg')), image(link('222_n.jpg')), true],
    ['another handle', image('4::aGk=:one'), image('4::aGk=:two'), true],
    ['a link, then a handle', image(link('111_n.jpg')), image('4::aGk=:two'), true],
    [
      'another format',
      image('4::aGk=:one'),
      [{ type: 'HEADER', format: 'VIDEO', example: { header_handle: ['4::aGk=:one'] } }],
      true,
    ],
    ['the sample taken away', image('4::aGk=:one'), image(), true],
    ['no header before or after', [{ type: 'BODY', text: 'Hola' }], [{ type: 'BODY', text: 'Adiós' }], false],
  ])('%s', (_case, before, after, changed) => {
    expect(headerSampleChanged(before, after)).toBe(changed);
  });
});
