import { HttpProblem } from '@inbox/platform';

/**
 * A file refused for its size (413) or type (415). No DomainError kind maps to these statuses
 * (gRPC has none either): uploads arrive only over internal HTTP, which answers them directly.
 */
export class MediaRejected extends HttpProblem {
  constructor(status: 413 | 415, _code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE', detail: string) {
    super({ status, code: _code, detail, errors: [{ path: 'file', message: detail }] });
    this.name = 'MediaRejected';
  }
}
