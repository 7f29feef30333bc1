import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { serializeWebhookBody, signBody } from './signing';
import type { DeliveryAttempt, SimulatorState, StatusName, WebhookDelivery } from './state';

export interface DeliveryOptions {
  appSecret: string;
  getUrl(): string | undefined;
  /** Gaps before each retry; attempts = 1 + length. */
  retryDelaysMs: number[];
  timeoutMs: number;
  /** Deliveries kept in the state's log (default: all). */
  logLimit?: () => number;
}

export interface DeliveryMeta {
  kind: WebhookDelivery['kind'];
  wamid?: string;
  /** A batched status webhook: every message it names. */
  wamids?: string[];
  status?: StatusName;
  templateId?: string;
  badSignature?: boolean;
}

export interface DeliveryHandle {
  record: WebhookDelivery;
  /** Settles when the first attempt has finished (or was skipped). */
  firstAttempt: Promise<WebhookDelivery>;
  /** Settles when the delivery succeeded, gave up, or was cancelled. */
  done: Promise<WebhookDelivery>;
}

/** Posts signed webhooks, retries failures with growing gaps, and logs every attempt in the state. */
export class WebhookDeliverer {
  private controller = unlimitedController();
  private nextId = 1;

  constructor(
    readonly state: SimulatorState,
    private readonly options: DeliveryOptions,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** `payload` as a string is sent byte for byte; anything else is serialized as the platform does. */
  deliver(payload: unknown, meta: DeliveryMeta): DeliveryHandle {
    const body = typeof payload === 'string' ? payload : serializeWebhookBody(payload);
    const secret = meta.badSignature ? `${this.options.appSecret}-wrong` : this.options.appSecret;
    const record: WebhookDelivery = {
      id: String(this.nextId++),
      kind: meta.kind,
      ...(meta.wamid ? { wamid: meta.wamid } : {}),
      ...(meta.wamids ? { wamids: meta.wamids } : {}),
      ...(meta.status ? { status: meta.status } : {}),
      ...(meta.templateId ? { templateId: meta.templateId } : {}),
      url: this.options.getUrl(),
      body,
      signature: signBody(body, secret),
      badSignature: meta.badSignature ?? false,
      attempts: [],
      outcome: 'pending',
      createdAt: new Date().toISOString(),
    };
    this.state.recordWebhook(record, this.options.logLimit?.() ?? Number.POSITIVE_INFINITY);
    let firstDone: (r: WebhookDelivery) => void = () => undefined;
    const firstAttempt = new Promise<WebhookDelivery>((resolve) => (firstDone = resolve));
    const done = this.run(record, this.controller.signal, () => firstDone(record)).then(() => {
      firstDone(record);
      return record;
    });
    return { record, firstAttempt, done };
  }

  /** Cancels pending retries and in-flight requests (on reset and stop). */
  cancelAll(): void {
    this.controller.abort();
    this.controller = unlimitedController();
  }

  private async run(record: WebhookDelivery, signal: AbortSignal, afterFirst: () => void): Promise<void> {
    if (!record.url) {
      record.outcome = 'skipped';
      return;
    }
    const delays = this.options.retryDelaysMs;
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) {
        try {
          await sleep(delays[attempt - 1], undefined, { signal });
        } catch {
          record.outcome = 'cancelled';
          return;
        }
      }
      const result = await this.attempt(record.url, record, signal);
      record.attempts.push(result);
      if (result.ok) {
        record.outcome = 'delivered';
        return;
      }
      if (signal.aborted) {
        record.outcome = 'cancelled';
        return;
      }
      record.outcome = attempt < delays.length ? 'retrying' : 'failed';
      if (attempt === 0) afterFirst();
    }
  }

  private async attempt(url: string, record: WebhookDelivery, signal: AbortSignal): Promise<DeliveryAttempt> {
    const started = Date.now();
    const at = new Date(started).toISOString();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': record.signature,
          'user-agent': 'facebookexternalua',
        },
        body: record.body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { at, ok: response.ok, httpStatus: response.status, durationMs: Date.now() - started };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const message = cause ?? (error instanceof Error ? error.message : String(error));
      return { at, ok: false, error: message, durationMs: Date.now() - started };
    }
  }
}

/** Every waiting status step and webhook request listens to the signal: thousands under load, not a leak. */
function unlimitedController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
