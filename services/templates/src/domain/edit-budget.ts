import type { TemplateStatus } from '@inbox/contracts';

/** WhatsApp's budget for editing an APPROVED template (REF §5). */
export const EDIT_BUDGET = { perDay: 1, per30Days: 10 } as const;

/**
 * When the next edit is allowed, or null if an edit is allowed now. Only APPROVED templates
 * have a budget; `edits` are the times of edits made while the template was APPROVED.
 */
export function nextEditAllowedAt(status: TemplateStatus, edits: readonly Date[], now: Date): Date | null {
  void status;
  void edits;
  void now;
  throw new Error('not yet');
}

/** Whether an edit changes nothing WhatsApp would see (then it spends no edit). */
export function sameContent(
  a: { category: string; components: unknown },
  b: { category: string; components: unknown },
): boolean {
  void a;
  void b;
  throw new Error('not yet');
}
