import { isDatabaseUnavailable } from './connection-errors';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['admin shutdown (a restart)', withCode('57P01')],
    ['the server is starting up', withCode('57P03')],
    ['too many connections', withCode('53300')],
    ['connection exception class 08', withCode('08006')],
    ['the connection ended mid-query', new Error('Connection terminated unexpectedly')],
    [
      'a client whose connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'deep in a cause chain',
      new Error('query failed', { cause: new Error('wrapped', { cause: withCode('ECONNREFUSED') }) }),
    ],
  ])('%s: unavailable', (_case, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', withCode('23505')],
    ['a statement timeout (a deadline, answered apart)', withCode('57014')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: not unavailable', (_case, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
