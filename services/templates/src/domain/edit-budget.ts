import type { TemplateStatus } from '@inbox/contracts';

/** WhatsApp's budget for editing an APPROVED template (REF §5); REJECTED and PAUSED have none. */
export const EDIT_BUDGET = { perDay: 1, per30Days: 10 } as const;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;

/**
 * When the next edit is allowed, or null if one is allowed now. Only APPROVED templates have a
 * budget; `edits` are the times of the edits WhatsApp accepted while the template was APPROVED
 * (older ones may be included: only the last 30 days count). Both windows slide.
 */
export function nextEditAllowedAt(status: TemplateStatus, edits: readonly Date[], now: Date): Date | null {
  if (status !== 'APPROVED') return null;
  const recent = edits
    .map((edit) => edit.getTime())
    .filter((at) => at > now.getTime() - MONTH && at <= now.getTime())
    .sort((a, b) => a - b);
  const waits: number[] = [];
  const lastDay = recent.filter((at) => at > now.getTime() - DAY);
  if (lastDay.length >= EDIT_BUDGET.perDay) waits.push(lastDay[lastDay.length - EDIT_BUDGET.perDay]! + DAY);
  if (recent.length >= EDIT_BUDGET.per30Days)
    waits.push(recent[recent.length - EDIT_BUDGET.per30Days]! + MONTH);
  return waits.length === 0 ? null : new Date(Math.max(...waits));
}

/**
 * Whether an edit changes nothing WhatsApp would see (then it is not sent and spends no edit):
 * the same category and the same components, whatever the order of keys in the JSON.
 */
export function sameContent(
  a: { category: string; components: unknown },
  b: { category: string; components: unknown },
): boolean {
  return a.category === b.category && canonical(a.components) === canonical(b.components);
}

const canonical = (value: unknown): string => JSON.stringify(sorted(value));

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => [k, sorted(v)]),
  );
}
