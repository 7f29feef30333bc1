import type * as grpc from '@grpc/grpc-js';
import type { TemplatesServiceHandlers } from '@inbox/contracts';
import { invalid, iso, opt, type ServiceImpl } from '@inbox/platform';
import type { StatusHistoryRow } from '../db/repositories/template-ledger.repository';
import type { TemplateInput } from '../usecases/templates/template-input';
import type { TemplateView } from '../usecases/templates/template-view';

/** The templates service's gRPC methods as promise functions over (request, caller). */
export type TemplatesImpl = ServiceImpl<TemplatesServiceHandlers>;

/** The message a method answers with, e.g. `Reply<'GetTemplate'>`. */
export type Reply<K extends keyof TemplatesServiceHandlers> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- request side is irrelevant here
  TemplatesServiceHandlers[K] extends grpc.handleUnaryCall<any, infer Res> ? Res : never;

type StatusChange = NonNullable<Reply<'GetTemplate'>['history']>[number];

/** A request's JSON text field, parsed; text that is not JSON is a 400 on that field. */
export function parseJsonField(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('VALIDATION_FAILED', `${field} is not valid JSON`, [
      { path: field, message: 'Not valid JSON' },
    ]);
  }
}

/** `TemplateInput` as it travels (components as JSON text) → what the use cases take. */
export const decodeTemplateInput = (input: {
  name: string;
  language?: string;
  category: string;
  componentsJson: string;
  parameterFormat?: string;
}): TemplateInput => ({
  name: input.name,
  language: input.language,
  category: input.category,
  components: parseJsonField(input.componentsJson, 'components'),
  parameterFormat: input.parameterFormat,
});

export const encodeStatusChange = (h: StatusHistoryRow): StatusChange => ({
  from: opt(h.fromStatus),
  to: h.toStatus,
  event: h.event,
  reason: opt(h.reason),
  by: h.changedBy,
  at: iso(h.at),
});

export const encodeTemplate = ({ row, nextEditAllowedAt, history }: TemplateView): Reply<'GetTemplate'> => ({
  id: row.id,
  name: row.name,
  language: row.language,
  category: row.category,
  requestedCategory: opt(row.requestedCategory),
  status: row.status,
  componentsJson: JSON.stringify(row.components),
  parameterFormat: row.parameterFormat,
  folder: opt(row.folder),
  inboxCategory: opt(row.inboxCategory),
  providerTemplateId: opt(row.providerTemplateId),
  rejectedReason: opt(row.rejectedReason),
  rejectionDetailsJson: row.rejectionDetails ? JSON.stringify(row.rejectionDetails) : undefined,
  qualityRating: opt(row.qualityRating),
  // GET /templates/{id}/header-media answers 404 for a REMOVED template: nothing to serve then.
  hasHeaderMedia: row.headerMediaId !== null && row.status !== 'REMOVED',
  nextEditAllowedAt: iso(nextEditAllowedAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  history: (history ?? []).map(encodeStatusChange),
});
