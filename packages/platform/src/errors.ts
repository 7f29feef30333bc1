import { status as GrpcStatus } from '@grpc/grpc-js';

/** The kinds of failure the domain can name. Everything else is a bug (500 with an error id). */
export type ErrorKind =
  'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'unauthenticated' | 'unavailable' | 'rate_limited';

export interface FieldError {
  path: string;
  message: string;
}

/** A value a problem document may carry as an extra member. */
export type ProblemMemberValue = string | number | boolean | null;

/**
 * What a failure tells a program beyond its code: extra problem members (RFC 9457 extensions, e.g.
 * `nextEditAllowedAt`) and when to try again (`Retry-After`). They cross gRPC in trailing metadata
 * and reach the HTTP answer unchanged; the standard members (type, title, status, detail, code,
 * errors, errorId) cannot be overridden.
 */
export interface ErrorDetails {
  members?: Record<string, ProblemMemberValue>;
  /** When the caller may try again: the HTTP answer gets `Retry-After` (whole seconds from then). */
  retryAt?: Date;
}

/** A failure the caller can act on: a stable machine `code`, a human message, optional field errors and details. */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (code: string, message: string, fields: FieldError[] = []) =>
  new DomainError('invalid', code, message, fields);
export const notFound = (what: string) => new DomainError('not_found', 'NOT_FOUND', `${what} not found`);
export const conflict = (code: string, message: string, details: ErrorDetails = {}) =>
  new DomainError('conflict', code, message, [], details);
export const forbidden = (message = 'Your role does not allow this operation') =>
  new DomainError('forbidden', 'FORBIDDEN', message);
export const unauthenticated = (message = 'Missing or invalid credentials') =>
  new DomainError('unauthenticated', 'UNAUTHENTICATED', message);

/** Domain kind → gRPC status. One table, tested row by row. */
export const GRPC_STATUS_BY_KIND: Record<ErrorKind, GrpcStatus> = {
  invalid: GrpcStatus.INVALID_ARGUMENT,
  not_found: GrpcStatus.NOT_FOUND,
  conflict: GrpcStatus.FAILED_PRECONDITION,
  forbidden: GrpcStatus.PERMISSION_DENIED,
  unauthenticated: GrpcStatus.UNAUTHENTICATED,
  unavailable: GrpcStatus.UNAVAILABLE,
  rate_limited: GrpcStatus.RESOURCE_EXHAUSTED,
};

/** gRPC status → HTTP status. One table, tested row by row; anything absent is a 500. */
export const HTTP_STATUS_BY_GRPC: Partial<Record<GrpcStatus, number>> = {
  [GrpcStatus.INVALID_ARGUMENT]: 400,
  [GrpcStatus.OUT_OF_RANGE]: 400,
  [GrpcStatus.UNAUTHENTICATED]: 401,
  [GrpcStatus.PERMISSION_DENIED]: 403,
  [GrpcStatus.NOT_FOUND]: 404,
  [GrpcStatus.ALREADY_EXISTS]: 409,
  [GrpcStatus.FAILED_PRECONDITION]: 409,
  [GrpcStatus.ABORTED]: 409,
  [GrpcStatus.RESOURCE_EXHAUSTED]: 429,
  [GrpcStatus.UNAVAILABLE]: 503,
  [GrpcStatus.DEADLINE_EXCEEDED]: 504,
};

/** The default machine code when a service did not send one. */
export const DEFAULT_CODE_BY_HTTP: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Metadata keys that carry a DomainError's code and field errors across gRPC. */
export const ERROR_CODE_METADATA = 'x-error-code';
export const ERROR_FIELDS_METADATA = 'x-error-fields-bin';
/** Metadata key of a DomainError's details: JSON `{ members?, retryAt? (ISO 8601) }`. */
export const ERROR_DETAILS_METADATA = 'x-error-details-bin';
