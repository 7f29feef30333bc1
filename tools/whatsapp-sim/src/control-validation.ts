import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import type { WebhookDelivery } from './state';

/** A control-API request that does not fit: answered 400 `{ error: { message, issues } }`. */
export class ControlError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly issues?: unknown,
  ) {
    super(message);
  }
}

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  throw new ControlError(400, `${where}${first.message}`, result.error.issues);
}

export function controlErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  if (error instanceof ControlError) {
    res.status(error.httpStatus).json({ error: { message: error.message, issues: error.issues } });
    return;
  }
  const parseFailed = (error as { type?: string }).type === 'entity.parse.failed';
  res.status(parseFailed ? 400 : 500).json({
    error: {
      message: parseFailed ? 'The body is not valid JSON.' : String((error as Error).message ?? error),
    },
  });
}

/** How a control answer reports a webhook delivery. */
export function deliverySummary(record: WebhookDelivery) {
  const last = record.attempts.at(-1);
  return {
    id: record.id,
    status: record.outcome,
    attempts: record.attempts.length,
    ...(last?.httpStatus !== undefined ? { httpStatus: last.httpStatus } : {}),
    ...(last?.error !== undefined ? { error: last.error } : {}),
  };
}

/** The log view of a delivery: its body parsed when it is JSON. */
export function deliveryView(record: WebhookDelivery) {
  let payload: unknown;
  try {
    payload = JSON.parse(record.body);
  } catch {
    payload = undefined;
  }
  return { ...record, payload };
}
