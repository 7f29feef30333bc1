import { hasMediaHeader, headerHandleOf } from './link-header-media';

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
