import { GraphFailures } from './graph-failures';
import type { UploadSession, UploadedHandle } from './graph-uploads';
import { SendCounts } from './send-counts';
import { SendLimiter } from './send-limits';
import { TemplateStore, type TemplateCategoryName } from './template-store';

/** Everything the simulator remembers; plain data that the control API shows and resets. */

export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Most bytes of webhook bodies the delivery log keeps (besides its count limit). */
export const WEBHOOK_LOG_BYTES = 64 * 1024 * 1024;

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed' | 'played';
export type TemplateCategory = 'marketing' | 'utility' | 'authentication';

export interface SentMessage {
  wamid: string;
  /** The recipient's wa_id (digits of `to`). */
  to: string;
  /** `to` exactly as the request gave it. */
  input: string;
  /** The wa_id the send's answer and its status webhooks name (another spelling when one was chosen). */
  answeredWaId?: string;
  type: string;
  body: Record<string, unknown>;
  version: string;
  acceptedAt: string;
  windowOpen: boolean;
  /** Set when the send was accepted but is going to fail asynchronously. */
  failure?: { code: number; reason: 'window_closed' | 'chosen' };
  /** Status webhooks emitted so far, in order. */
  statuses: StatusName[];
  /** Only for API versions ≤ v23, where status webhooks still carry `conversation`. */
  conversationId?: string;
  lastStatusTimestamp: number;
}

export interface Customer {
  waId: string;
  name?: string;
  /** Epoch ms of the customer's last message, or null when they never wrote. */
  lastInboundAt: number | null;
}

export interface FailureRule {
  id: string;
  to: string;
  code: number;
  title?: string;
  /**
   * sync: refused with a Graph error; async: accepted, then a `failed` status; drop: accepted (and
   * its statuses sent), then the connection closed without an answer; hang: accepted, never answered.
   */
  mode: 'sync' | 'async' | 'drop' | 'hang';
  httpStatus?: number;
  /** Sends left to fail; null = every send. */
  remaining: number | null;
  hits: number;
}

export interface MediaRecord {
  id: string;
  mimeType: string;
  size: number;
  /**
   * Where the bytes are: in memory (small files sent through the control API), in a file of the
   * simulator's media folder (uploads, streamed in), or generated on demand (large test files).
   */
  bytes?: Buffer;
  file?: string;
  generated?: { seed: number };
  sha256: string;
  filename?: string;
  origin: 'upload' | 'inbound';
  createdAt: string;
}

export interface InboundRecord {
  wamid: string;
  from: string;
  message: Record<string, unknown>;
  contact: Record<string, unknown>;
  receivedAt: string;
}

export interface DeliveryAttempt {
  at: string;
  ok: boolean;
  httpStatus?: number;
  error?: string;
  durationMs: number;
}

export type DeliveryOutcome = 'pending' | 'delivered' | 'retrying' | 'failed' | 'skipped' | 'cancelled';

export interface WebhookDelivery {
  id: string;
  kind: 'message' | 'status' | 'raw' | 'template';
  /** The message of a one-status webhook (or the first of a batch). */
  wamid?: string;
  /** Every message a batched status webhook names, in the order of its `statuses[]`. */
  wamids?: string[];
  /** For account-level template webhooks. */
  templateId?: string;
  status?: StatusName;
  url?: string;
  body: string;
  signature: string;
  badSignature: boolean;
  attempts: DeliveryAttempt[];
  outcome: DeliveryOutcome;
  createdAt: string;
}

export function isWindowOpen(lastInboundAt: number | null | undefined, now: number): boolean {
  return lastInboundAt != null && now - lastInboundAt < SERVICE_WINDOW_MS;
}

export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

export class SimulatorState {
  /** The newest sends (at most the config's `sentLimit`, oldest forgotten first). */
  readonly sent: SentMessage[] = [];
  /** Every send counted per recipient and template / callback data, forgotten only on reset. */
  readonly counts = new SendCounts();
  /** Throughput and pair-rate quotas. */
  readonly limiter = new SendLimiter();
  private readonly sentByWamid = new Map<string, SentMessage>();
  private webhookLogBytes = 0;
  readonly markedRead: { messageId: string; at: string }[] = [];
  readonly customers = new Map<string, Customer>();
  readonly failures: FailureRule[] = [];
  /** Chosen failures of account-level Graph requests (phone number fields, analytics…). */
  readonly graphFailures = new GraphFailures();
  readonly media = new Map<string, MediaRecord>();
  readonly mediaTokens = new Map<string, { mediaId: string; expiresAt: number }>();
  readonly inbound = new Map<string, InboundRecord>();
  readonly webhooks: WebhookDelivery[] = [];
  readonly templateCategories = new Map<string, TemplateCategory>();
  /**
   * The wa_id a send's answer names the user of a number by, when it is not the number's digits
   * (Mexico's 52/521, Brazil's ninth digit: WhatsApp knows some users by the other spelling).
   */
  readonly waIdAnswers = new Map<string, string>();
  /** Names WhatsApp files under another category than requested when they are created. */
  readonly creationCategories = new Map<string, TemplateCategoryName>();
  /** Message templates of every WABA (`/{waba-id}/message_templates`). */
  readonly templates = new TemplateStore();
  /** Resumable Upload sessions by their `upload:…` key, and the handles of finished ones. */
  readonly uploads = new Map<string, UploadSession>();
  readonly handles = new Map<string, UploadedHandle>();
  /** How far the simulator's clock runs ahead of the real one (template budgets and locks). */
  clockOffsetMs = 0;
  private nextFailureId = 1;

  windowOpenFor(waId: string, now: number): boolean {
    return isWindowOpen(this.customers.get(waId)?.lastInboundAt, now);
  }

  noteInbound(waId: string, at: number, name?: string): Customer {
    const customer = this.customers.get(waId) ?? { waId, lastInboundAt: null };
    customer.lastInboundAt = Math.max(customer.lastInboundAt ?? at, at);
    if (name) customer.name = name;
    this.customers.set(waId, customer);
    return customer;
  }

  setLastInbound(waId: string, at: number | null): Customer {
    const customer = this.customers.get(waId) ?? { waId, lastInboundAt: null };
    customer.lastInboundAt = at;
    this.customers.set(waId, customer);
    return customer;
  }

  addFailure(rule: Omit<FailureRule, 'id' | 'hits'>): FailureRule {
    const stored = { ...rule, to: digitsOf(rule.to), id: String(this.nextFailureId++), hits: 0 };
    this.failures.push(stored);
    return stored;
  }

  /** The first rule for this recipient, consumed by one use; exhausted rules are dropped. */
  takeFailure(waId: string): FailureRule | undefined {
    const index = this.failures.findIndex((f) => f.to === waId);
    if (index < 0) return undefined;
    const rule = this.failures[index];
    rule.hits += 1;
    if (rule.remaining !== null) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.failures.splice(index, 1);
    }
    return { ...rule };
  }

  /** Keeps an accepted send; past `limit` the oldest are forgotten (in chunks, so pushing stays cheap). */
  recordSent(sent: SentMessage, limit: number): void {
    this.sent.push(sent);
    this.sentByWamid.set(sent.wamid, sent);
    this.counts.note(sent.to, sent.body);
    if (this.sent.length > limit + Math.ceil(limit / 10)) {
      for (const old of this.sent.splice(0, this.sent.length - limit)) this.sentByWamid.delete(old.wamid);
    }
  }

  /** Keeps a mark-as-read, the newest `limit` of them. */
  noteMarkedRead(messageId: string, limit: number): void {
    this.markedRead.push({ messageId, at: new Date().toISOString() });
    if (this.markedRead.length > limit + Math.ceil(limit / 10)) {
      this.markedRead.splice(0, this.markedRead.length - limit);
    }
  }

  /**
   * Logs a webhook delivery; past `limit` deliveries or WEBHOOK_LOG_BYTES of bodies (batched
   * status webhooks are large) the oldest finished ones are forgotten, in chunks.
   */
  recordWebhook(record: WebhookDelivery, limit: number): void {
    this.webhooks.push(record);
    this.webhookLogBytes += record.body.length;
    const slack = (n: number) => n + Math.ceil(n / 10);
    if (this.webhooks.length <= slack(limit) && this.webhookLogBytes <= slack(WEBHOOK_LOG_BYTES)) return;
    let count = this.webhooks.length;
    const kept = this.webhooks.filter((w) => {
      const finished = w.outcome !== 'pending' && w.outcome !== 'retrying';
      if (finished && (count > limit || this.webhookLogBytes > WEBHOOK_LOG_BYTES)) {
        count -= 1;
        this.webhookLogBytes -= w.body.length;
        return false;
      }
      return true;
    });
    this.webhooks.length = 0;
    for (const w of kept) this.webhooks.push(w);
  }

  findSent(wamid: string): SentMessage | undefined {
    return this.sentByWamid.get(wamid);
  }

  /** The newest send of one type to a customer (the message a button tap answers). */
  lastSentTo(waId: string, type: string): SentMessage | undefined {
    return [...this.sent].reverse().find((s) => s.to === waId && s.type === type);
  }

  reset(): void {
    this.sent.length = 0;
    this.sentByWamid.clear();
    this.counts.reset();
    this.limiter.reset();
    this.markedRead.length = 0;
    this.failures.length = 0;
    this.graphFailures.clear();
    this.webhooks.length = 0;
    this.webhookLogBytes = 0;
    for (const map of [
      this.customers,
      this.media,
      this.mediaTokens,
      this.inbound,
      this.templateCategories,
      this.waIdAnswers,
      this.creationCategories,
      this.uploads,
      this.handles,
    ]) {
      map.clear();
    }
    this.templates.reset();
    this.clockOffsetMs = 0;
  }
}
