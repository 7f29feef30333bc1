import type { CampaignsApi } from '../clients';

type Campaigns = CampaignsApi['call'];
type Answer<M extends keyof Campaigns> = Awaited<ReturnType<Campaigns[M]>>;

/** A campaign as the campaigns service answers it (proto shape): optional fields left unset. */
export const campaignOf = (over: Partial<Answer<'PauseCampaign'>> = {}): Answer<'PauseCampaign'> => ({
  id: 'c1',
  name: 'Spring sale',
  templateId: 't1',
  templateName: 'spring_sale',
  templateLanguage: 'es_MX',
  templateCategory: 'MARKETING',
  kind: 'STANDARD',
  status: 'QUEUED',
  counts: { total: 2, pending: 2, sent: 0, delivered: 0, read: 0, failed: 0, replied: 0 },
  cost: { currency: 'USD', estimated: 0.0872, actual: 0 },
  questions: [],
  createdBy: 'u1',
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  phoneNumberId: 'pn1',
  ...over,
});

export const recipientOf = (
  over: Partial<Answer<'GetCampaign'>['recipients'][number]> = {},
): Answer<'GetCampaign'>['recipients'][number] => ({
  id: 'r1',
  phone: '+5215512345678',
  status: 'PENDING',
  ...over,
});

export const rateCardOf = (): Answer<'GetPricing'> => ({
  currency: 'USD',
  effectiveFrom: '2025-07-01',
  source: 'shipped',
  markets: [
    {
      market: 'MX',
      name: 'Mexico',
      prefixes: ['52'],
      marketing: 0.0436,
      utility: 0.0085,
      authentication: 0.0085,
    },
  ],
});

export const phoneStatusOf = (): Answer<'GetPhoneStatus'> => ({
  phoneNumberId: 'pn1',
  qualityRating: 'GREEN',
  sendRate: 80,
  fetchedAt: '2025-03-01T10:00:00.000Z',
});

export const providerCostsOf = (): Answer<'GetProviderCosts'> => ({
  currency: 'USD',
  from: '2024-12-01T00:00:00.000Z',
  to: '2025-03-01T00:00:00.000Z',
  total: 12.5,
  templates: [{ providerTemplateId: '1234567890', sent: '300', delivered: '290', amountSpent: 12.5 }],
  fetchedAt: '2025-03-01T10:00:00.000Z',
});

/** What the stand-in campaigns service answers unless a test says otherwise. */
export const defaultAnswers: Record<string, () => Promise<unknown>> = {
  CreateCampaign: async () => ({
    campaign: campaignOf(),
    invalidRecipients: [{ index: 1, phone: '123', reason: 'INVALID_PHONE', message: 'Not a phone number' }],
    duplicatesRemoved: 1,
  }),
  GetCampaign: async () => ({
    campaign: campaignOf({ status: 'PAUSED', pauseCode: 'SPAM_LIMIT', pauseReason: '131048' }),
    recipients: [
      recipientOf({ parametersJson: '{"body":["Ana"]}' }),
      recipientOf({
        id: 'r2',
        status: 'FAILED',
        error: { code: '131049', title: 'Not delivered for ecosystem health' },
        failedAt: '2025-03-01T10:01:00.000Z',
        retryableAfter: '2025-03-02T10:01:00.000Z',
      }),
    ],
    page: 2,
    limit: 2,
    total: 4,
  }),
  ListCampaigns: async () => ({ data: [campaignOf()], nextCursor: 'next', page: 0, limit: 25, total: 0 }),
  PauseCampaign: async () => campaignOf({ status: 'PAUSED', pauseCode: 'MANUAL' }),
  GetPricing: async () => rateCardOf(),
  GetPhoneStatus: async () => phoneStatusOf(),
  GetProviderCosts: async () => providerCostsOf(),
  GetSurveyResults: async () => ({
    campaignId: 'c1',
    questions: [],
    data: [],
    page: 1,
    pageSize: 50,
    total: 0,
  }),
};
