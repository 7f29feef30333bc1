import * as grpc from '@grpc/grpc-js';
import { DomainError, ERROR_DETAILS_METADATA, GRPC_STATUS_BY_KIND, type ErrorKind } from './errors';
import { fromServiceError, toServiceError } from './grpc/errors';
import { createLogger } from './logger';

const logger = createLogger('test', 'silent');

describe('domain kind → gRPC status', () => {
  it.each<[ErrorKind, grpc.status]>([
    ['invalid', grpc.status.INVALID_ARGUMENT],
    ['not_found', grpc.status.NOT_FOUND],
    ['conflict', grpc.status.FAILED_PRECONDITION],
    ['forbidden', grpc.status.PERMISSION_DENIED],
    ['unauthenticated', grpc.status.UNAUTHENTICATED],
    ['unavailable', grpc.status.UNAVAILABLE],
    ['rate_limited', grpc.status.RESOURCE_EXHAUSTED],
  ])('%s → %s', (kind, status) => expect(GRPC_STATUS_BY_KIND[kind]).toBe(status));
});

describe('gRPC status → HTTP status', () => {
  it.each<[grpc.status, number]>([
    [grpc.status.INVALID_ARGUMENT, 400],
    [grpc.status.UNAUTHENTICATED, 401],
    [grpc.status.PERMISSION_DENIED, 403],
    [grpc.status.NOT_FOUND, 404],
    [grpc.status.ALREADY_EXISTS, 409],
    [grpc.status.FAILED_PRECONDITION, 409],
    [grpc.status.ABORTED, 409],
    [grpc.status.RESOURCE_EXHAUSTED, 429],
    [grpc.status.UNAVAILABLE, 503],
    [grpc.status.DEADLINE_EXCEEDED, 504],
    [grpc.status.INTERNAL, 500],
    [grpc.status.UNKNOWN, 500],
    [grpc.status.DATA_LOSS, 500],
    [grpc.status.UNIMPLEMENTED, 500],
  ])('%s → %s', (status, http) => {
    const error = Object.assign(new Error('x'), {
      code: status,
      details: 'd',
      metadata: new grpc.Metadata(),
    });
    expect(fromServiceError(error as grpc.ServiceError).httpStatus).toBe(http);
  });
});

describe('errors across the wire', () => {
  it('carry the machine code and field errors in trailing metadata', () => {
    const sent = toServiceError(
      new DomainError('invalid', 'VALIDATION_FAILED', 'bad', [{ path: 'email', message: 'Invalid' }]),
      logger,
    );
    const received = fromServiceError({ ...sent, message: '', name: 'Error' } as grpc.ServiceError);
    expect(received).toMatchObject({
      httpStatus: 400,
      code: 'VALIDATION_FAILED',
      message: 'bad',
      fields: [{ path: 'email', message: 'Invalid' }],
    });
  });

  it('carry details (extra problem members, a retry time) in trailing metadata', () => {
    const retryAt = new Date('2030-01-02T03:04:05.000Z');
    const sent = toServiceError(
      new DomainError('conflict', 'EDIT_LIMIT', 'later', [], {
        members: { nextEditAllowedAt: retryAt.toISOString(), spent: 1, final: false },
        retryAt,
      }),
      logger,
    );
    const received = fromServiceError({ ...sent, message: '', name: 'Error' } as grpc.ServiceError);
    expect(received).toMatchObject({
      httpStatus: 409,
      code: 'EDIT_LIMIT',
      members: { nextEditAllowedAt: '2030-01-02T03:04:05.000Z', spent: 1, final: false },
      retryAt,
    });
    const plain = toServiceError(new DomainError('conflict', 'X', 'no details'), logger);
    expect(plain.metadata?.get(ERROR_DETAILS_METADATA)).toEqual([]);
  });

  it('read malformed details back as none: never a failure, never a non-primitive member', () => {
    const withDetails = (raw: string) => {
      const metadata = new grpc.Metadata();
      metadata.set(ERROR_DETAILS_METADATA, Buffer.from(raw));
      return fromServiceError({
        code: grpc.status.FAILED_PRECONDITION,
        details: 'd',
        metadata,
        message: '',
        name: 'Error',
      } as grpc.ServiceError);
    };
    expect(withDetails('{not json')).not.toHaveProperty('members');
    const odd = withDetails(JSON.stringify({ members: { ok: 'yes', nested: { a: 1 } }, retryAt: 'soon' }));
    expect(odd.members).toEqual({ ok: 'yes' });
    expect(odd).not.toHaveProperty('retryAt');
  });

  it('answer database data exceptions (a NUL byte, an impossible date) as invalid input, not as a 500', () => {
    const nul = Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('invalid byte sequence'), { code: '22021' }),
    });
    const received = fromServiceError({
      ...toServiceError(nul, logger),
      message: '',
      name: 'Error',
    } as grpc.ServiceError);
    expect(received).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
    const unique = Object.assign(new Error('dup'), { code: '23505' });
    expect(
      fromServiceError({ ...toServiceError(unique, logger), message: '', name: 'Error' } as grpc.ServiceError)
        .httpStatus,
    ).toBe(500);
  });

  it('hide unexpected errors behind an error id', () => {
    const sent = toServiceError(new Error('password=hunter2 leaked in a stack'), logger);
    const received = fromServiceError({ ...sent, message: '', name: 'Error' } as grpc.ServiceError);
    expect(received.httpStatus).toBe(500);
    expect(received.message).toBe('Internal error');
    expect(received.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(received)).not.toContain('hunter2');
  });
});
