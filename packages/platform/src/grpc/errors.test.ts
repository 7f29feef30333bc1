import * as grpc from '@grpc/grpc-js';
import { createLogger } from '../logger';
import { ERROR_CODE_METADATA } from '../errors';
import { toServiceError } from './errors';

const logger = createLogger('test', 'silent');

describe('toServiceError for errors no use case threw on purpose', () => {
  it('answers a database that cannot be reached as UNAVAILABLE (503), not as an internal error', () => {
    const answer = toServiceError(new Error('Connection terminated unexpectedly'), logger);
    expect(answer.code).toBe(grpc.status.UNAVAILABLE);
    expect(answer.metadata!.get(ERROR_CODE_METADATA)).toEqual(['UNAVAILABLE']);
  });

  it('still answers a bug as INTERNAL with an error id', () => {
    const answer = toServiceError(new TypeError('x is undefined'), logger);
    expect(answer.code).toBe(grpc.status.INTERNAL);
    expect(answer.details).toMatch(/^Internal error /);
  });
});
