import { z } from 'zod';
import { decodeAnswer as decode, graphJson } from './http';
import type { GraphAccess } from './templates';

/*
 * What WhatsApp reports about a phone number and a WABA's spending (whatsapp-cloud-api.md §7, §8.4;
 * templates-campaigns-bot-analytics.md §B4). Numbers and levels are passed on as WhatsApp names them.
 */

const PHONE_FIELDS = [
  'id',
  'display_phone_number',
  'verified_name',
  'quality_rating',
  'name_status',
  'status',
  'throughput',
  'whatsapp_business_manager_messaging_limit',
  'messaging_limit_tier',
];

const phoneStatusSchema = z.looseObject({
  id: z.string(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
  quality_rating: z.string().optional(),
  name_status: z.string().optional(),
  status: z.string().optional(),
  throughput: z.looseObject({ level: z.string().optional() }).optional(),
  whatsapp_business_manager_messaging_limit: z.string().optional(),
  messaging_limit_tier: z.string().optional(),
});

export interface PhoneNumberStatus {
  id: string;
  displayPhoneNumber?: string;
  verifiedName?: string;
  qualityRating?: string;
  nameStatus?: string;
  status?: string;
  /** STANDARD (80 messages/s) or HIGH (1,000). */
  throughputLevel?: string;
  /** TIER_250 … TIER_UNLIMITED (v24's field, else the deprecated `messaging_limit_tier`). */
  messagingLimitTier?: string;
}

export async function getPhoneNumberStatus(
  g: GraphAccess,
  phoneNumberId: string,
): Promise<PhoneNumberStatus> {
  const url = `${g.root}/${encodeURIComponent(phoneNumberId)}?fields=${PHONE_FIELDS.join(',')}`;
  const n = decode(phoneStatusSchema, await graphJson(g.req('GET', url)));
  return {
    id: n.id,
    displayPhoneNumber: n.display_phone_number,
    verifiedName: n.verified_name,
    qualityRating: n.quality_rating,
    nameStatus: n.name_status,
    status: n.status,
    throughputLevel: n.throughput?.level,
    messagingLimitTier: n.whatsapp_business_manager_messaging_limit ?? n.messaging_limit_tier,
  };
}

/** WhatsApp answers template analytics for at most this many templates a call. */
export const TEMPLATE_ANALYTICS_IDS_PER_CALL = 10;

const costSchema = z.array(z.looseObject({ type: z.string(), value: z.number().optional() })).optional();
const templateAnalyticsSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      data_points: z.array(
        z.looseObject({
          template_id: z.union([z.string(), z.number()]).transform(String),
          sent: z.number().optional(),
          delivered: z.number().optional(),
          cost: costSchema,
        }),
      ),
    }),
  ),
});

export interface TemplateCost {
  templateId: string;
  sent: number;
  delivered: number;
  amountSpent: number;
  costPerDelivered?: number;
}

/** Cost per template over a period (daily points summed), asked 10 templates at a time. */
export async function getTemplateAnalytics(
  g: GraphAccess,
  wabaId: string,
  input: { start: Date; end: Date; templateIds: string[] },
): Promise<TemplateCost[]> {
  const byId = new Map<string, TemplateCost>();
  for (let i = 0; i < input.templateIds.length; i += TEMPLATE_ANALYTICS_IDS_PER_CALL) {
    const ids = input.templateIds.slice(i, i + TEMPLATE_ANALYTICS_IDS_PER_CALL);
    const query = new URLSearchParams({
      start: String(Math.floor(input.start.getTime() / 1000)),
      end: String(Math.floor(input.end.getTime() / 1000)),
      granularity: 'DAILY',
      metric_types: JSON.stringify(['SENT', 'DELIVERED', 'COST']),
      template_ids: JSON.stringify(ids),
    });
    const url = `${g.root}/${encodeURIComponent(wabaId)}/template_analytics?${query.toString()}`;
    const answer = decode(templateAnalyticsSchema, await graphJson(g.req('GET', url)));
    for (const point of answer.data.flatMap((d) => d.data_points)) {
      const sum = byId.get(point.template_id) ?? {
        templateId: point.template_id,
        sent: 0,
        delivered: 0,
        amountSpent: 0,
      };
      sum.sent += point.sent ?? 0;
      sum.delivered += point.delivered ?? 0;
      sum.amountSpent += point.cost?.find((c) => c.type === 'amount_spent')?.value ?? 0;
      byId.set(point.template_id, sum);
    }
  }
  return [...byId.values()].map((t) => ({
    ...t,
    ...(t.delivered > 0 ? { costPerDelivered: t.amountSpent / t.delivered } : {}),
  }));
}

const pricingAnalyticsSchema = z.looseObject({
  pricing_analytics: z
    .looseObject({
      data: z.array(
        z.looseObject({
          data_points: z.array(
            z.looseObject({
              pricing_category: z.string().optional(),
              pricing_type: z.string().optional(),
              volume: z.number().optional(),
              cost: z.number().optional(),
            }),
          ),
        }),
      ),
    })
    .optional(),
});

export interface PricingAnalytics {
  /** What the WABA was charged in the period (WhatsApp's approximate cost, its currency). */
  total: number;
  /** Messages and cost per pricing category and type. */
  categories: Array<{ category: string; type: string; volume: number; cost: number }>;
}

/** The WABA's messages and cost by pricing category and type over a period. */
export async function getPricingAnalytics(
  g: GraphAccess,
  wabaId: string,
  input: { start: Date; end: Date },
): Promise<PricingAnalytics> {
  const start = Math.floor(input.start.getTime() / 1000);
  const end = Math.floor(input.end.getTime() / 1000);
  const field = `pricing_analytics.start(${start}).end(${end}).granularity(DAILY).dimensions(PRICING_CATEGORY,PRICING_TYPE)`;
  const url = `${g.root}/${encodeURIComponent(wabaId)}?fields=${encodeURIComponent(field)}`;
  const answer = decode(pricingAnalyticsSchema, await graphJson(g.req('GET', url)));
  const sums = new Map<string, { category: string; type: string; volume: number; cost: number }>();
  for (const p of answer.pricing_analytics?.data.flatMap((d) => d.data_points) ?? []) {
    const category = p.pricing_category ?? 'UNKNOWN';
    const type = p.pricing_type ?? 'UNKNOWN';
    const sum = sums.get(`${category}/${type}`) ?? { category, type, volume: 0, cost: 0 };
    sum.volume += p.volume ?? 0;
    sum.cost += p.cost ?? 0;
    sums.set(`${category}/${type}`, sum);
  }
  const categories = [...sums.values()];
  return { total: categories.reduce((t, c) => t + c.cost, 0), categories };
}
