import type { CampaignsDeps } from '../deps';
import { estimateCost } from '../usecases/money/estimate-cost';
import { getPhoneStatus } from '../usecases/money/get-phone-status';
import { getProviderCost } from '../usecases/money/get-provider-cost';
import { getProviderCosts } from '../usecases/money/get-provider-costs';
import type { CampaignsImpl, Reply } from './encode';

/** Pricing, estimates, real costs and the phone number's status. */
export const moneyHandlers = (deps: CampaignsDeps) =>
  ({
    GetPricing: async (): Promise<Reply<'GetPricing'>> => deps.pricing.card,
    EstimateCost: async ({ templateId, language, phones }, caller): Promise<Reply<'EstimateCost'>> =>
      estimateCost(deps, caller, { templateId, language: language ?? undefined, phones }),
    GetProviderCost: async ({ id }, caller): Promise<Reply<'GetProviderCost'>> =>
      getProviderCost(deps, caller, id),
    GetProviderCosts: async ({ force }, caller): Promise<Reply<'GetProviderCosts'>> =>
      getProviderCosts(deps, caller, force),
    GetPhoneStatus: async (_req, caller): Promise<Reply<'GetPhoneStatus'>> => {
      const s = await getPhoneStatus(deps, caller);
      return { ...s, phoneNumberId: s.id };
    },
  }) satisfies Partial<CampaignsImpl>;
