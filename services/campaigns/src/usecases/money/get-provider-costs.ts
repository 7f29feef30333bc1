import { channelOfCaller } from '../channel-of';
import { PROVIDER_COSTS_DAYS } from '@inbox/contracts';
import { requireOrganization, type CallerContext } from '@inbox/platform';
import { costsRepository } from '../../db/repositories/costs.repository';
import type { CampaignsDeps } from '../../deps';
import { askWhatsApp } from './whatsapp-problem';

/** WhatsApp's analytics lag and are limited per app: asked at most once an hour per organization. */
const PROVIDER_COSTS_TTL_MS = 60 * 60_000;
const DAY_MS = 86_400_000;
const money = (n: number) => Math.round(n * 1e6) / 1e6;

export interface ProviderCostsResult {
  currency: string;
  from: string;
  to: string;
  total: number;
  templates: Array<{
    providerTemplateId: string;
    templateId?: string;
    name?: string;
    language?: string;
    sent: number;
    delivered: number;
    amountSpent: number;
    costPerDelivered?: number;
  }>;
  fetchedAt: string;
}

/**
 * GET /campaigns/provider-costs: WhatsApp's own figures for the last 90 days — the account's total
 * (pricing analytics) and the cost of each template this organization's campaigns used in that
 * time (template analytics, matched to WhatsApp's template ids by name and language). Cached an
 * hour; `force` asks again. Amounts are in the WABA's currency as WhatsApp reports them. WhatsApp
 * failing is answered as whatsappProblem says (409, 429 or 503) and leaves the cached answer as it was.
 */
export async function getProviderCosts(
  deps: CampaignsDeps,
  caller: CallerContext,
  force = false,
): Promise<ProviderCostsResult> {
  requireOrganization(caller);
  const key = `campaigns:provider-costs:${caller.orgId}`;
  const cached = force ? undefined : await deps.cache.get<ProviderCostsResult>(key).catch(() => undefined);
  if (cached) return cached;
  const end = deps.now();
  const start = new Date(end.getTime() - PROVIDER_COSTS_DAYS * DAY_MS);
  const channel = await channelOfCaller(deps, caller);
  const client = deps.whatsappFor(channel);
  const used = await costsRepository.templatesUsedSince(deps.db, caller.orgId, start);
  const wanted = new Map(used.map((t) => [`${t.name}/${t.language}`, t]));
  const known = new Map<string, { name: string; language: string; templateId: string }>();
  const [pricing, perTemplate] = await askWhatsApp(async () => {
    if (wanted.size > 0)
      for await (const t of client.listAllTemplates(channel.wabaId)) {
        const ours = wanted.get(`${t.name}/${t.language}`);
        if (ours) known.set(t.id, ours);
      }
    return Promise.all([
      client.getPricingAnalytics(channel.wabaId, { start, end }),
      known.size > 0
        ? client.getTemplateAnalytics(channel.wabaId, { start, end, templateIds: [...known.keys()] })
        : Promise.resolve([]),
    ]);
  });
  const result: ProviderCostsResult = {
    currency: deps.pricing.card.currency,
    from: start.toISOString(),
    to: end.toISOString(),
    total: money(pricing.total),
    templates: perTemplate
      .map((t) => {
        const ours = known.get(t.templateId);
        return {
          providerTemplateId: t.templateId,
          ...(ours ? { templateId: ours.templateId, name: ours.name, language: ours.language } : {}),
          sent: t.sent,
          delivered: t.delivered,
          amountSpent: money(t.amountSpent),
          ...(t.costPerDelivered === undefined ? {} : { costPerDelivered: money(t.costPerDelivered) }),
        };
      })
      .sort((a, b) => b.amountSpent - a.amountSpent),
    fetchedAt: end.toISOString(),
  };
  await deps.cache.set(key, result, PROVIDER_COSTS_TTL_MS).catch(() => undefined);
  return result;
}
