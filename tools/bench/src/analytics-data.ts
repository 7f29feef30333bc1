import { CAMPAIGNS_EVENTS, DIRECTORY_EVENTS, type EventEnvelope, type HandoffReason } from '@inbox/contracts';

/*
 * The bench's world, drawn from a seed: organizations, their agents and teams, the timeline, the
 * directory's events (users and their status changes) and campaigns with their recipients. The
 * conversations are in analytics-stories.ts. Every draw comes from a generator seeded by (run seed,
 * stream, index), so any part can be drawn again on its own and every run draws the same events.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** mulberry32: small, fast, good enough for test data. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3's finalizer over (seed, stream, index): neighbouring indexes get unrelated sequences. */
export function seedOf(seed: number, stream: number, index: number): number {
  let h = (seed ^ Math.imul(stream, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export type Random = () => number;
export const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)];
/** An exponential draw of the given mean (waits, gaps). */
export const expo = (r: Random, mean: number): number => -Math.log(1 - r()) * mean;
/** Item i drawn with probability ~ 1/(i+1): a few frequent, a long tail. */
export function zipf<T>(r: Random, items: readonly T[]): T {
  const total = items.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
  let x = r() * total;
  for (let i = 0; i < items.length; i++) if ((x -= 1 / (i + 1)) < 0) return items[i];
  return items[items.length - 1];
}

/** Kinds of generated ids (the third group of the UUID-shaped id), so no two kinds collide. */
export const KIND = {
  conversation: 1,
  conversationEvent: 2,
  message: 3,
  user: 4,
  team: 5,
  userEvent: 6,
  campaign: 7,
  campaignEvent: 8,
  recipient: 9,
} as const;

const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);

/** A UUID-shaped id (the length of the services' UUIDv7 ids, so indexes have their real size). */
export const benchId = (kind: number, a: number, b = 0): string =>
  `${hex(a, 8)}-${hex(b & 0xffff, 4)}-7${hex(kind, 3)}-8${hex(b >>> 16, 3)}-${hex(a * 2654435761, 12)}`;

export interface BenchOrg {
  id: number;
  /** Share of the conversations. */
  share: number;
  agents: string[];
  admins: string[];
  teams: string[];
  /** New conversations start with the bot (some of them). */
  bot: boolean;
  currency: string;
  campaigns: number;
  /** Recipients of a campaign at the size (scaled with the conversations). */
  recipients: number;
}

const org = (
  id: number,
  share: number,
  agents: number,
  teams: number,
  extra: Pick<BenchOrg, 'bot' | 'currency' | 'campaigns' | 'recipients'>,
): BenchOrg => ({
  id,
  share,
  agents: Array.from({ length: agents }, (_, i) => benchId(KIND.user, id, i)),
  admins: [benchId(KIND.user, id, 1000), benchId(KIND.user, id, 1001)],
  teams: Array.from({ length: teams }, (_, i) => benchId(KIND.team, id, i)),
  ...extra,
});

/** A few organizations, one big: the reports are measured on the big one. */
export const ORGS: BenchOrg[] = [
  org(1, 0.85, 60, 6, { bot: true, currency: 'USD', campaigns: 24, recipients: 8000 }),
  org(2, 0.09, 12, 3, { bot: true, currency: 'MXN', campaigns: 8, recipients: 2000 }),
  org(3, 0.05, 6, 2, { bot: false, currency: 'MXN', campaigns: 4, recipients: 1000 }),
  org(4, 0.01, 3, 1, { bot: true, currency: 'USD', campaigns: 0, recipients: 0 }),
];
export const BIG_ORG = ORGS[0];
/** The organization of the check that bulk rows equal projected rows (removed after it). */
export const CHECK_ORG = org(99, 0, 8, 2, { bot: true, currency: 'USD', campaigns: 0, recipients: 0 });

export const CATEGORIES = [
  'pedidos',
  'envíos',
  'pagos',
  'facturación',
  'devoluciones',
  'soporte técnico',
  'ventas',
  'promociones',
  'quejas',
  'cuenta',
  'garantías',
  'citas',
  'cotizaciones',
  'mayoreo',
  'información general',
];
export const INTENTS = [
  'order_status',
  'shipping_time',
  'business_hours',
  'payment_methods',
  'return_policy',
  'invoice_request',
  'store_locations',
  'pricing',
  'promotions',
  'warranty',
  'change_address',
  'cancel_order',
  'track_package',
  'account_access',
  'appointment',
  'talk_to_human',
  'product_availability',
  'wholesale',
  'complaint',
  'greeting_smalltalk',
  'delivery_issue',
  'refund_status',
];
/** The reasons of a handoff the bot did not cause by failing (fallbacks: after two misunderstandings). */
export const HANDOFF_WEIGHTS: Array<[HandoffReason, number]> = [
  ['requested', 0.5],
  ['intent', 0.3],
  ['out_of_hours', 0.1],
  ['agent', 0.1],
];

export function weighted<T>(r: Random, items: ReadonlyArray<[T, number]>): T {
  let x = r() * items.reduce((sum, [, w]) => sum + w, 0);
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1][0];
}

/**
 * Mexico City's offset (no DST since 2022): it only shapes the draws (busy local hours, quiet
 * weekends). The reports compute every local day and hour in the zone themselves.
 */
export const LOCAL_OFFSET_MS = -6 * HOUR_MS;

/** Local days [start, end): `end` is a local midnight, "now" for the reports. */
export interface Timeline {
  start: number;
  end: number;
  days: number;
}

export function timeline(end: Date, days: number): Timeline {
  const local = end.getTime() + LOCAL_OFFSET_MS;
  if (local % DAY_MS !== 0) throw new Error('--end must be a local midnight in America/Mexico_City');
  return { start: end.getTime() - days * DAY_MS, end: end.getTime(), days };
}

/** Local weekday of day d, 0 = Monday. */
export const weekdayOf = (t: Timeline, day: number): number =>
  (new Date(t.start - LOCAL_OFFSET_MS + day * DAY_MS).getUTCDay() + 6) % 7;

const envelope = (
  id: string,
  type: string,
  orgId: number,
  at: number,
  data: Record<string, unknown>,
): EventEnvelope => ({ id, type, orgId, occurredAt: new Date(at).toISOString(), data });

const STATUS_EVENT = DIRECTORY_EVENTS.userStatusChanged;

/**
 * Each organization's users (created the day before the timeline) and every agent's working
 * days: online around 9:00, away for lunch, now and then busy, offline around 18:00 (Saturdays
 * half the agents, a morning). One agent of the big organization is deleted half-way.
 */
export function* directoryEvents(seed: number, t: Timeline, orgs: BenchOrg[]): Generator<EventEnvelope> {
  for (const o of orgs) {
    const r = generator(seedOf(seed, 10, o.id));
    const created = t.start - DAY_MS;
    const users = [
      ...o.admins.map((id) => [id, 'ADMIN'] as const),
      ...o.agents.map((id) => [id, 'AGENT'] as const),
    ];
    for (const [n, [userId, role]] of users.entries())
      yield envelope(
        benchId(KIND.userEvent, o.id * 10_000 + n, 0),
        DIRECTORY_EVENTS.userCreated,
        o.id,
        created,
        {
          userId,
          email: `${userId}@bench.test`,
          name: `${role === 'ADMIN' ? 'Admin' : 'Agente'} ${o.id}-${n}`,
          role,
          actorId: null,
        },
      );
    for (const [n, userId] of o.agents.entries()) {
      let k = 1;
      let status = 'OFFLINE';
      const change = (at: number, to: string) => {
        const event = envelope(
          benchId(KIND.userEvent, o.id * 10_000 + o.admins.length + n, k++),
          STATUS_EVENT,
          o.id,
          at,
          {
            userId,
            from: status,
            to,
            changedAt: new Date(at).toISOString(),
            actorId: userId,
          },
        );
        status = to;
        return event;
      };
      for (let day = 0; day < t.days; day++) {
        const weekday = weekdayOf(t, day);
        if (weekday === 6 || (weekday === 5 && (n + day) % 2 === 0) || r() < 0.04) continue;
        const midnight = t.start + day * DAY_MS;
        const hour = (h: number) => midnight + h * HOUR_MS + Math.floor(r() * 20) * MINUTE_MS;
        yield change(hour(8.7), 'ONLINE');
        if (weekday === 5) {
          yield change(hour(13), 'OFFLINE');
          continue;
        }
        if (r() < 0.15) {
          yield change(hour(11), 'BUSY');
          yield change(hour(12), 'ONLINE');
        }
        yield change(hour(14), 'AWAY');
        yield change(hour(14.8), 'ONLINE');
        yield change(hour(17.8), 'OFFLINE');
      }
    }
    if (o === BIG_ORG)
      yield envelope(
        benchId(KIND.userEvent, o.id * 10_000 + 9_999, 0),
        DIRECTORY_EVENTS.userDeleted,
        o.id,
        t.start + (t.days / 2) * DAY_MS,
        {
          userId: o.agents[o.agents.length - 1],
          actorId: o.admins[0],
        },
      );
  }
}

const FAILURE_CODES = ['131026', '131049', '131047', '130472', '131000'];
const RECIPIENT_BATCH = 100;

/**
 * Campaigns spread over the timeline, each sent at ~80 recipients a second: SENT (with its cost),
 * then DELIVERED and READ reports, failures with WhatsApp's codes, a few replies, in batches of
 * recipients per event as the campaigns service publishes them.
 */
export function* campaignEvents(
  seed: number,
  t: Timeline,
  orgs: BenchOrg[],
  scale: number,
): Generator<EventEnvelope> {
  for (const o of orgs) {
    for (let c = 0; c < o.campaigns; c++) {
      const r = generator(seedOf(seed, 20, o.id * 1000 + c));
      const index = o.id * 1000 + c;
      const campaignId = benchId(KIND.campaign, index);
      const name = `Campaña ${o.id}-${c + 1}`;
      const ref = { campaignId, name, templateId: benchId(KIND.campaign, index, 1) };
      const recipients = Math.max(20, Math.round(o.recipients * scale * (0.5 + r())));
      const price = o.currency === 'USD' ? 0.0125 : 0.22;
      // Spread evenly with some jitter, starting after the first week: local 10:00.
      const day = Math.floor(((c + 0.5 + (r() - 0.5) * 0.6) / o.campaigns) * (t.days - 7)) + 3;
      const createdAt = t.start + day * DAY_MS + 10 * HOUR_MS;
      let k = 0;
      const event = (type: string, at: number, data: Record<string, unknown>) =>
        envelope(benchId(KIND.campaignEvent, index, k++), type, o.id, at, data);
      yield event(CAMPAIGNS_EVENTS.campaignCreated, createdAt, {
        ...ref,
        templateName: `promo_${c}`,
        templateCategory: 'MARKETING',
        kind: 'broadcast',
        status: 'QUEUED',
        recipients,
        scheduledAt: null,
        estimatedCost: Math.round(recipients * price * 1e6) / 1e6,
        currency: o.currency,
        actorId: o.admins[0],
      });
      const startedAt = createdAt + MINUTE_MS;
      yield event(CAMPAIGNS_EVENTS.campaignStarted, startedAt, {
        ...ref,
        startedAt: new Date(startedAt).toISOString(),
      });
      const stages: Array<{ to: string; after: number; share: number }> = [
        { to: 'DELIVERED', after: 5_000, share: 0.93 },
        { to: 'READ', after: 40 * MINUTE_MS, share: 0.6 },
      ];
      let failed = 0;
      let lastAt = startedAt;
      for (let from = 0; from < recipients; from += RECIPIENT_BATCH) {
        const ids = Array.from({ length: Math.min(RECIPIENT_BATCH, recipients - from) }, (_, i) => from + i);
        const sentAt = startedAt + Math.round((from / 80) * 1000);
        const move = (
          i: number,
          to: string,
          at: number,
          extra: { errorCode?: string; cost?: number } = {},
        ) => ({
          recipientId: benchId(KIND.recipient, index, i),
          phone: `+52155${String(index * 100_000 + i).padStart(8, '0')}`,
          waId: null,
          providerMessageId: `wamid.bench.${index}.${i}`,
          from: 'DISPATCHING',
          to,
          at: new Date(at).toISOString(),
          errorCode: extra.errorCode ?? null,
          pricing: null,
          cost: extra.cost ?? null,
        });
        const fails = new Set(ids.filter(() => r() < 0.04));
        failed += fails.size;
        yield event(CAMPAIGNS_EVENTS.recipientsStatusChanged, sentAt, {
          campaignId,
          changes: ids.map((i) =>
            fails.has(i)
              ? move(i, 'FAILED', sentAt, {
                  errorCode: r() < 0.1 ? 'OUTCOME_UNKNOWN' : pick(r, FAILURE_CODES),
                })
              : move(i, 'SENT', sentAt, { cost: price }),
          ),
        });
        let reached = ids.filter((i) => !fails.has(i));
        for (const stage of stages) {
          reached = reached.filter(() => r() < stage.share);
          if (reached.length === 0) break;
          const at = sentAt + stage.after + Math.floor(r() * 60_000);
          lastAt = Math.max(lastAt, at);
          yield event(CAMPAIGNS_EVENTS.recipientsStatusChanged, at, {
            campaignId,
            changes: reached.map((i) => move(i, stage.to, at)),
          });
        }
        for (const i of reached.filter(() => r() < 0.08)) {
          const repliedAt = sentAt + HOUR_MS + Math.floor(expo(r, 3 * HOUR_MS));
          yield event(CAMPAIGNS_EVENTS.recipientReplied, repliedAt, {
            campaignId,
            recipientId: benchId(KIND.recipient, index, i),
            conversationId: benchId(KIND.conversation, 0xf000_0000 + index, i),
            waId: `52155${String(index * 100_000 + i).padStart(8, '0')}`,
            providerMessageId: `wamid.bench.${index}.${i}`,
            templateName: `promo_${c}`,
            templateLanguage: 'es_MX',
            renderedText: 'Hola, tenemos una promoción para ti',
            deliveryStatus: 'READ',
            sentAt: new Date(sentAt).toISOString(),
            repliedAt: new Date(repliedAt).toISOString(),
          });
        }
      }
      const completedAt = startedAt + Math.round((recipients / 80) * 1000) + 1000;
      yield event(CAMPAIGNS_EVENTS.campaignCompleted, completedAt, {
        ...ref,
        completedAt: new Date(completedAt).toISOString(),
        total: recipients,
        sent: recipients - failed,
        failed,
      });
    }
  }
}
