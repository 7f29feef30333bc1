import * as grpc from '@grpc/grpc-js';
import { createLogger } from '../logger';
import { conflict, DomainError, invalid } from '../errors';
import { relayServiceError, relayServiceErrors, toServiceError } from './errors';

const logger = createLogger('relay-test', 'silent');

/** What a client receives for an error thrown in another service (its status, details, metadata). */
const received = (error: unknown): grpc.ServiceError => {
  const sent = toServiceError(error, logger);
  return Object.assign(new Error(sent.details), {
    code: sent.code!,
    details: sent.details!,
    metadata: sent.metadata ?? new grpc.Metadata(),
  });
};

describe("relaying another service's refusals", () => {
  it('keeps the kind, code, field errors and details of a refusal', () => {
    const fields = [{ path: 'templateId', message: 'Unknown' }];
    expect(relayServiceError(received(invalid('VALIDATION_FAILED', 'Bad', fields)))).toMatchObject({
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
      message: 'Bad',
      fields,
    });
    const retryAt = new Date('2026-01-01T00:00:00Z');
    const relayed = relayServiceError(
      received(conflict('TEMPLATE_NOT_APPROVED', 'Not approved', { members: { status: 'PAUSED' }, retryAt })),
    ) as DomainError;
    expect(relayed).toBeInstanceOf(DomainError);
    expect(relayed).toMatchObject({ kind: 'conflict', code: 'TEMPLATE_NOT_APPROVED' });
    expect(relayed.details).toEqual({ members: { status: 'PAUSED' }, retryAt });
  });

  it('leaves unexpected failures and anything that is not a gRPC error as they are', async () => {
    const internal = received(new Error('boom'));
    expect(relayServiceError(internal)).toBe(internal);
    const plain = new Error('not grpc');
    expect(relayServiceError(plain)).toBe(plain);
    await expect(relayServiceErrors(Promise.reject(received(invalid('X', 'y'))))).rejects.toBeInstanceOf(
      DomainError,
    );
    await expect(relayServiceErrors(Promise.resolve(7))).resolves.toBe(7);
  });
});
