import { channelOfCaller } from '../channel-of';
import { requireOrganization, type CallerContext } from '@inbox/platform';
import type { CampaignsDeps } from '../../deps';
import { normalizeRecipients, type InvalidRecipient } from '../../domain/recipient-list';
import { marketBreakdown, type MarketAmount } from '../../domain/market-breakdown';
import { phoneStatusOf } from './phone-status';

export interface EstimateInput {
  templateId: string;
  language?: string;
  phones: string[];
}

export interface Warning {
  code: string;
  message: string;
}

export interface EstimateResult {
  currency: string;
  templateCategory: string;
  recipients: number;
  total: number;
  markets: MarketAmount[];
  invalidRecipients: InvalidRecipient[];
  duplicatesRemoved: number;
  warnings: Warning[];
  messagingLimitTier?: string;
  rateCardEffectiveFrom: string;
}

/** Unique people a business portfolio may reach outside a window in 24 h, per tier (§7). */
const TIER_LIMITS: Record<string, number> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
};
/** +1 numbers that are not in North America's market (Caribbean, Puerto Rico) are not US numbers. */
const isUsNumber = (e164: string, market: string) => e164.startsWith('+1') && market === 'NORTH_AMERICA';

/**
 * POST /campaigns/estimate: what a list would cost with a template, before anything is stored —
 * phones normalized and deduplicated as a campaign would, each priced at its market's rate for the
 * template's category (longest calling-code prefix), with warnings about what will not get through.
 */
export async function estimateCost(
  deps: CampaignsDeps,
  caller: CallerContext,
  input: EstimateInput,
): Promise<EstimateResult> {
  requireOrganization(caller);
  // The templates service answers the template (its category, APPROVED or a 404/409) for no recipient.
  const { template } = await deps.templates.prepareSends(caller.orgId, caller.requestId, {
    templateId: input.templateId,
    ...(input.language ? { language: input.language } : {}),
    parameters: [],
  });
  const category = template?.category ?? 'MARKETING';
  const list = normalizeRecipients(input.phones.map((phone, index) => ({ phone, index })));
  const phones = list.valid.map((r) => r.phone);
  const { markets, total } = marketBreakdown(deps.pricing, phones, category);
  const warnings: Warning[] = [];
  let tier: string | undefined;
  try {
    const channel = await channelOfCaller(deps, caller);
    tier = (await phoneStatusOf(deps, channel)).messagingLimitTier;
  } catch (error) {
    deps.logger.warn({ err: error }, 'messaging limit tier unknown for an estimate');
  }
  const limit = tier ? TIER_LIMITS[tier] : undefined;
  if (!tier)
    warnings.push({
      code: 'MESSAGING_LIMIT_UNKNOWN',
      message: 'WhatsApp could not be asked for the messaging limit',
    });
  else if (limit !== undefined && phones.length > limit)
    warnings.push({
      code: 'MESSAGING_LIMIT_EXCEEDED',
      message: `${phones.length} people is more than the number's messaging limit (${tier}: ${limit} people outside a conversation window in 24 h); the rest will fail until the limit rises`,
    });
  const us = phones.filter((p) => isUsNumber(p, deps.pricing.marketOf(p).market)).length;
  if (category === 'MARKETING' && us > 0)
    warnings.push({
      code: 'US_MARKETING_BLOCKED',
      message: `${us} US numbers: WhatsApp does not deliver marketing templates to US numbers (131049)`,
    });
  return {
    currency: deps.pricing.card.currency,
    templateCategory: category,
    recipients: phones.length,
    total,
    markets,
    invalidRecipients: list.invalid,
    duplicatesRemoved: list.duplicatesRemoved,
    warnings,
    ...(tier ? { messagingLimitTier: tier } : {}),
    rateCardEffectiveFrom: deps.pricing.card.effectiveFrom,
  };
}
