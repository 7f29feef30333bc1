import { z } from 'zod';
import { HttpProblem } from './problem';
import { formatPath, parsePart } from './validation';

describe('field paths', () => {
  it.each([
    [['email'], 'email'],
    [['weeklyHours', 0, 'start'], 'weeklyHours[0].start'],
    [['selection', 'ids', 3], 'selection.ids[3]'],
    [[], ''],
  ])('%j → %s', (path, text) => expect(formatPath(path)).toBe(text));
});

describe('parsePart', () => {
  const schema = z.strictObject({ limit: z.coerce.number().int().max(100) });

  it('returns the parsed value', () =>
    expect(parsePart(schema, { limit: '5' }, 'query')).toEqual({ limit: 5 }));

  it('prefixes query and path errors, leaves body paths bare', () => {
    const problem = (part: 'body' | 'query' | 'path') => {
      try {
        parsePart(schema, { limit: '500' }, part);
      } catch (error) {
        return (error as HttpProblem).problem;
      }
      throw new Error('expected a problem');
    };
    expect(problem('query')).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'query.limit' }],
    });
    expect(problem('body').errors).toEqual([{ path: 'limit', message: expect.any(String) }]);
  });

  it('names the body when it is missing altogether', () => {
    expect(() => parsePart(schema, undefined, 'body')).toThrow(HttpProblem);
  });
});

describe('control characters', () => {
  const problemOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return (error as HttpProblem).problem;
    }
    throw new Error('expected a problem');
  };

  it.each([
    ['NUL in a path id', { id: 'ab\u0000c' }, 'path', 'path.id'],
    ['a line break in a query value', { search: 'a\nb' }, 'query', 'query.search'],
    ['ESC in a repeated query value', { tagIds: ['ok', '\u001b[31m'] }, 'query', 'query.tagIds[1]'],
    ['NUL deep in a body', { sections: [{ rows: [{ id: 'x\u0000' }] }] }, 'body', 'sections[0].rows[0].id'],
    ['DEL in a body string', { name: 'a\u007f' }, 'body', 'name'],
    ['a control character in a body key', { ['na\u0000me']: 'x' }, 'body', '(body)'],
  ] as const)('%s is a 400 naming the field', (_name, value, part, path) => {
    // No schema at all: the rule holds for parts a route does not even read.
    expect(problemOf(() => parsePart(undefined, value, part))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [
        { path, message: 'Control characters are not allowed' + (path === '(body)' ? ' in names' : '') },
      ],
    });
  });

  it.each([
    ['a lone high surrogate in a body string', { folder: 'x\ud800' }, 'body', 'folder'],
    [
      'a lone low surrogate deep in a body',
      { components: [{ text: 'a\udc00b' }] },
      'body',
      'components[0].text',
    ],
    ['surrogates in the wrong order', { name: '\udc00\ud800' }, 'body', 'name'],
    ['a lone surrogate in a query value', { search: 'a\ud800' }, 'query', 'query.search'],
    ['a lone surrogate in a path id', { id: '\udfff' }, 'path', 'path.id'],
    ['a lone surrogate in a body key', { ['a\ud800']: 'x' }, 'body', '(body)'],
  ] as const)('%s is a 400 naming the field', (_name, value, part, path) => {
    // PostgreSQL cannot store one: refused before any service (or WhatsApp) sees the request.
    expect(problemOf(() => parsePart(undefined, value, part))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ path, message: expect.stringMatching(/unpaired UTF-16 surrogate/i) }],
    });
  });

  it('lets characters outside the Basic Multilingual Plane through (a surrogate pair)', () => {
    const schema = z.strictObject({ text: z.string() });
    expect(parsePart(schema, { text: 'Gracias 🙏 \ud83d\ude00' }, 'body')).toEqual({ text: 'Gracias 🙏 😀' });
  });

  it('lets line breaks and tabs through in body text', () => {
    const schema = z.strictObject({ text: z.string() });
    expect(parsePart(schema, { text: 'Dear customer,\r\n\tthanks' }, 'body')).toEqual({
      text: 'Dear customer,\r\n\tthanks',
    });
  });

  it('checks before the schema, so a transform cannot hide the character', () => {
    const schema = z.strictObject({ id: z.string().transform(() => 'clean') });
    expect(() => parsePart(schema, { id: '\u0000' }, 'path')).toThrow(HttpProblem);
  });
});

it('refuses JSON nested deeper than any request of the API, without overflowing the stack', () => {
  let deep: unknown = [];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  expect(() => parsePart(z.strictObject({}), { a: deep }, 'body')).toThrow(
    expect.objectContaining({
      problem: expect.objectContaining({
        status: 400,
        errors: [{ path: 'a[0][0]', message: 'Nested deeper than 32 levels' }],
      }),
    }),
  );
});
