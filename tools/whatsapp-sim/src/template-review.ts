import { setTimeout as sleep } from 'node:timers/promises';
import type { SimContext } from './context';
import type { DeliveryHandle } from './webhooks';
import type { QualityScore, SimTemplate, TemplateCategoryName } from './template-store';

/**
 * What WhatsApp's review and quality system does to a template, each step announced with the
 * signed account-level webhook Meta sends (reference §1.7): `message_template_status_update`,
 * `template_category_update`, `message_template_quality_update`. Ids travel as JSON numbers.
 */

export type ReviewAction =
  | { action: 'approve'; category?: TemplateCategoryName }
  | { action: 'reject'; reason?: string; rejectionInfo?: { reason: string; recommendation: string } }
  | { action: 'pause' }
  | { action: 'unpause' }
  | { action: 'disable' }
  | { action: 'reinstate' }
  | { action: 'appeal' };

function envelope(ctx: SimContext, wabaId: string, field: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, time: Math.floor(ctx.now() / 1000), changes: [{ field, value }] }],
  };
}

const identity = (t: SimTemplate) => ({
  message_template_id: Number(t.id),
  message_template_name: t.name,
  message_template_language: t.language,
});

function post(
  ctx: SimContext,
  t: SimTemplate,
  field: string,
  value: Record<string, unknown>,
): DeliveryHandle {
  return ctx.deliverer.deliver(envelope(ctx, t.wabaId, field, value), { kind: 'template', templateId: t.id });
}

function statusUpdate(ctx: SimContext, t: SimTemplate, event: string, extra: Record<string, unknown> = {}) {
  return post(ctx, t, 'message_template_status_update', {
    event,
    ...identity(t),
    reason: 'NONE',
    message_template_category: t.category,
    ...extra,
  });
}

const PAUSE_TITLES = ['FIRST_PAUSE', 'SECOND_PAUSE'];

/** Applies a review or quality decision and posts its webhook. */
export function review(ctx: SimContext, t: SimTemplate, step: ReviewAction): DeliveryHandle {
  switch (step.action) {
    case 'approve':
      if (step.category && step.category !== t.category) {
        t.previousCategory = t.category;
        t.category = step.category;
      }
      t.status = 'APPROVED';
      t.rejectedReason = 'NONE';
      return statusUpdate(ctx, t, 'APPROVED');
    case 'reject': {
      const reason = step.reason ?? 'INVALID_FORMAT';
      t.status = 'REJECTED';
      t.rejectedReason = reason;
      return statusUpdate(ctx, t, 'REJECTED', {
        reason,
        ...(step.rejectionInfo ? { rejection_info: step.rejectionInfo } : {}),
      });
    }
    case 'pause': {
      // The third pause disables the template, as Meta's quality system does.
      if (t.pauses >= PAUSE_TITLES.length) return review(ctx, t, { action: 'disable' });
      const title = PAUSE_TITLES[t.pauses];
      t.pauses += 1;
      t.status = 'PAUSED';
      const hours = t.pauses === 1 ? 3 : 6;
      const description = `Your template has been paused for ${hours} hours because of low quality.`;
      return statusUpdate(ctx, t, 'PAUSED', { other_info: { title, description } });
    }
    case 'unpause':
      t.status = 'APPROVED';
      return statusUpdate(ctx, t, 'APPROVED', {
        other_info: { title: 'UNPAUSE', description: 'Your template is no longer paused.' },
      });
    case 'disable':
      t.status = 'DISABLED';
      return statusUpdate(ctx, t, 'DISABLED', {
        disable_info: { disable_date: Math.floor(ctx.now() / 1000) },
      });
    case 'reinstate':
      t.status = 'APPROVED';
      return statusUpdate(ctx, t, 'REINSTATED');
    case 'appeal':
      t.status = 'IN_APPEAL';
      return statusUpdate(ctx, t, 'IN_APPEAL');
  }
}

/**
 * A category change, done (`previous_category` → `new_category`) or announced 24 h ahead
 * (`correct_category`, with `new_category` still the current one).
 */
export function changeCategory(
  ctx: SimContext,
  t: SimTemplate,
  category: TemplateCategoryName,
  warning: boolean,
): DeliveryHandle {
  if (warning) {
    return post(ctx, t, 'template_category_update', {
      ...identity(t),
      new_category: t.category,
      correct_category: category,
      category_update_timestamp: Math.floor(ctx.now() / 1000) + 24 * 60 * 60,
    });
  }
  const previous = t.category;
  t.previousCategory = previous;
  t.category = category;
  return post(ctx, t, 'template_category_update', {
    ...identity(t),
    previous_category: previous,
    new_category: category,
  });
}

export function changeQuality(ctx: SimContext, t: SimTemplate, score: QualityScore): DeliveryHandle {
  const previous = t.quality;
  t.quality = score;
  t.qualityDate = Math.floor(ctx.now() / 1000);
  return post(ctx, t, 'message_template_quality_update', {
    previous_quality_score: previous,
    new_quality_score: score,
    ...identity(t),
  });
}

/**
 * The automatic review of a template just submitted or edited: approved after the configured
 * delay, unless automatic approval is off or something else decided first. Reset and stop cancel it.
 */
export function scheduleReview(ctx: SimContext, t: SimTemplate): void {
  if (!ctx.config.templateAutoApprove) return;
  const signal = ctx.deliverer.signal;
  // A later submission (an edit) starts its own review; this one then no longer applies.
  const round = ++t.reviewRound;
  void sleep(ctx.config.templateReviewDelayMs, undefined, { signal })
    .then(() => {
      const current = ctx.state.templates.get(t.id) === t;
      // Turning automatic approval off also holds the reviews already waiting.
      const due = ctx.config.templateAutoApprove && t.status === 'PENDING' && t.reviewRound === round;
      if (current && due) review(ctx, t, { action: 'approve' });
    })
    .catch(() => undefined);
}
