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
