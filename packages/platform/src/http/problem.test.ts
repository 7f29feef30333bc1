import { problemOf } from './problem';

describe('problemOf', () => {
  it('answers a database data exception (NUL in text: SQLSTATE 22021) as 400, also when wrapped', () => {
    const pgError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const wrapped = Object.assign(new Error('Failed query'), { cause: pgError });
    expect(problemOf(wrapped)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('answers a cancelled statement (statement timeout) as 504, not 500', () => {
    expect(problemOf(Object.assign(new Error('canceling statement'), { code: '57014' }))).toMatchObject({
      status: 504,
      code: 'TIMEOUT',
    });
  });

  it('leaves other database errors unexpected (a 500 with an error id)', () => {
    expect(problemOf(Object.assign(new Error('deadlock'), { code: '40P01' }))).toBeUndefined();
  });
});
