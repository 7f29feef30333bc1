import type { Children } from './processes';

/** What the bench reads from the simulator and the product while a campaign sends. */

export interface SimCounts {
  sends: number;
  refused: Record<string, number>;
  statusesDelivered: Record<string, number>;
  lastStatusDeliveredAt: string | null;
  callbackData: { sends: number; distinct: number; duplicated: number };
  duplicateCount: number;
  duplicates: unknown[];
}

export interface CampaignCounts {
  total: number;
  pending: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  replied: number;
}

export interface CampaignView {
  id: string;
  status: string;
  pauseReason?: string | null;
  counts: CampaignCounts;
}

export class Probe {
  constructor(
    readonly api: string,
    readonly sim: string,
    private readonly token: string,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async campaign(id: string): Promise<CampaignView> {
    const res = await this.call<CampaignView>('GET', `/campaigns/${id}?limit=1`);
    if (res.status !== 200)
      throw new Error(`GET /campaigns/${id}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** The simulator's totals; `full` adds the callback-data duplicates of campaign sends. */
  async simCounts(full = false): Promise<SimCounts> {
    const query = full ? '?callbackPrefix=campaign:&limit=10' : '?totals=1';
    const res = await fetch(`${this.sim}/_sim/sent/counts${query}`);
    if (!res.ok) throw new Error(`simulator counts: ${res.status}`);
    return (await res.json()) as SimCounts;
  }

  async simConfig(config: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${this.sim}/_sim/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(config),
    });
    if (!res.ok) throw new Error(`simulator config: ${res.status} ${await res.text()}`);
  }
}

/** READ is the top of the ranks below REPLIED: a recipient counted as replied was read too. */
export const readOf = (c: CampaignCounts) => (c.read ?? 0) + (c.replied ?? 0);

export const TERMINAL = new Set(['COMPLETED', 'CANCELLED', 'FAILED', 'PAUSED']);

export async function sleepWatching(ms: number, ...children: Children[]): Promise<void> {
  for (const c of children) c.assertAlive();
  await new Promise((r) => setTimeout(r, ms));
  for (const c of children) c.assertAlive();
}

/** Mexico City mobile numbers, 10,000,000 per series: distinct, valid, never repeated across series. */
export function phones(series: number, count: number): string[] {
  if (count > 10_000_000 || series < 1 || series > 9)
    throw new Error('at most 10,000,000 phones per series 1–9');
  return Array.from({ length: count }, (_, i) => `+5255${series}${String(i).padStart(7, '0')}`);
}
