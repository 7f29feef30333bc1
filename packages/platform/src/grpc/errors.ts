import * as grpc from '@grpc/grpc-js';
import {
  DEFAULT_CODE_BY_HTTP,
  DomainError,
  ERROR_CODE_METADATA,
  ERROR_DETAILS_METADATA,
  ERROR_FIELDS_METADATA,
  GRPC_STATUS_BY_KIND,
  HTTP_STATUS_BY_GRPC,
  type ErrorDetails,
  type ErrorKind,
  type FieldError,
  type ProblemMemberValue,
} from '../errors';
import { isStatementCancelled } from '../db/call-deadline';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { isDataException } from '../db/database';
import { newId } from '../ids';
import type { Logger } from '../logger';

export const ERROR_ID_METADATA = 'x-error-id';

/** A thrown value → the gRPC error sent to the caller. Unexpected errors are logged once, with an id. */
export function toServiceError(error: unknown, logger: Logger): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  if (error instanceof DomainError) {
    metadata.set(ERROR_CODE_METADATA, error.code);
    if (error.fields.length > 0)
      metadata.set(ERROR_FIELDS_METADATA, Buffer.from(JSON.stringify(error.fields)));
    const { members, retryAt } = error.details;
    if (members || retryAt)
      metadata.set(
        ERROR_DETAILS_METADATA,
        Buffer.from(JSON.stringify({ members, retryAt: retryAt?.toISOString() })),
      );
    return { code: GRPC_STATUS_BY_KIND[error.kind], details: error.message, metadata };
  }
  if (isDataException(error)) {
    metadata.set(ERROR_CODE_METADATA, 'VALIDATION_FAILED');
    return {
      code: grpc.status.INVALID_ARGUMENT,
      details: 'A value in the request is not acceptable (invalid characters, date or number)',
      metadata,
    };
  }
  if (isDatabaseUnavailable(error)) {
    // PostgreSQL restarting or unreachable: a passing outage the caller may retry, not a bug.
    logger.warn({ err: error }, 'database unavailable');
    metadata.set(ERROR_CODE_METADATA, 'UNAVAILABLE');
    return {
      code: grpc.status.UNAVAILABLE,
      details: 'The database is not reachable; try again shortly',
      metadata,
    };
  }
  if (isStatementCancelled(error)) {
    // The caller's deadline passed (it has stopped waiting) or the statement timeout fired.
    logger.warn({ err: error }, 'query cancelled: deadline or statement timeout');
    metadata.set(ERROR_CODE_METADATA, 'TIMEOUT');
    return {
      code: grpc.status.DEADLINE_EXCEEDED,
      details: 'The request took too long and was cancelled',
      metadata,
    };
  }
  const errorId = newId();
  logger.error({ err: error, errorId }, 'unexpected error');
  metadata.set(ERROR_ID_METADATA, errorId);
  return { code: grpc.status.INTERNAL, details: `Internal error ${errorId}`, metadata };
}

/** What a gRPC failure means to an HTTP caller. */
export interface RemoteFailure {
  httpStatus: number;
  code: string;
  message: string;
  fields: FieldError[];
  errorId?: string;
  /** The DomainError's details, as far as they could be read back. */
  members?: Record<string, ProblemMemberValue>;
  retryAt?: Date;
}

function metaString(metadata: grpc.Metadata | undefined, key: string): string | undefined {
  const value = metadata?.get(key)[0];
  return value === undefined ? undefined : value.toString();
}

const isMemberValue = (v: unknown): v is ProblemMemberValue =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The details metadata, read defensively: anything malformed is left out, never a failure. */
function detailsOf(raw: string | undefined): ErrorDetails {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const { members, retryAt } = parsed as { members?: unknown; retryAt?: unknown };
  const details: ErrorDetails = {};
  if (typeof members === 'object' && members !== null)
    details.members = Object.fromEntries(Object.entries(members).filter(([, v]) => isMemberValue(v)));
  const at = typeof retryAt === 'string' ? new Date(retryAt) : undefined;
  if (at && !Number.isNaN(at.getTime())) details.retryAt = at;
  return details;
}

/** Reads a gRPC client error back into status, code, field errors and details. */
export function fromServiceError(error: grpc.ServiceError): RemoteFailure {
  const httpStatus = HTTP_STATUS_BY_GRPC[error.code] ?? 500;
  const fieldsRaw = metaString(error.metadata, ERROR_FIELDS_METADATA);
  let fields: FieldError[] = [];
  if (fieldsRaw) {
    try {
      fields = JSON.parse(fieldsRaw) as FieldError[];
    } catch {
      fields = [];
    }
  }
  const known = httpStatus !== 500;
  return {
    httpStatus,
    code: metaString(error.metadata, ERROR_CODE_METADATA) ?? DEFAULT_CODE_BY_HTTP[httpStatus] ?? 'INTERNAL',
    message: known ? error.details : 'Internal error',
    fields,
    errorId: metaString(error.metadata, ERROR_ID_METADATA),
    ...detailsOf(metaString(error.metadata, ERROR_DETAILS_METADATA)),
  };
}

export const isServiceError = (error: unknown): error is grpc.ServiceError =>
  typeof error === 'object' && error !== null && 'code' in error && 'metadata' in error && 'details' in error;

const KIND_BY_STATUS: Partial<Record<grpc.status, ErrorKind>> = {
  [grpc.status.INVALID_ARGUMENT]: 'invalid',
  [grpc.status.NOT_FOUND]: 'not_found',
  [grpc.status.FAILED_PRECONDITION]: 'conflict',
  [grpc.status.ALREADY_EXISTS]: 'conflict',
  [grpc.status.PERMISSION_DENIED]: 'forbidden',
  [grpc.status.UNAUTHENTICATED]: 'unauthenticated',
  [grpc.status.UNAVAILABLE]: 'unavailable',
  [grpc.status.RESOURCE_EXHAUSTED]: 'rate_limited',
};

/**
 * A refusal of another service becomes the same refusal here (its code, field errors and details
 * kept), so the caller sees that service's 400/404/409 rather than a 500; anything else (an
 * internal error, a deadline) stays an unexpected error.
 */
export function relayServiceError(error: unknown): unknown {
  if (!isServiceError(error)) return error;
  const kind = KIND_BY_STATUS[error.code];
  if (!kind) return error;
  const { code, message, fields, members, retryAt } = fromServiceError(error);
  return new DomainError(kind, code, message, fields, { members, retryAt });
}

/** Awaits a call to another service, its refusals relayed (relayServiceError). */
export async function relayServiceErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw relayServiceError(error);
  }
}
