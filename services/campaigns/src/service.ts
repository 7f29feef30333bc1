import type * as grpc from '@grpc/grpc-js';
import { loadServiceDefinition } from '@inbox/contracts';
import type { ServiceBinding } from '@inbox/platform';
import type { CampaignsDeps } from './deps';
import { campaignHandlers } from './grpc/campaigns.handlers';
import type { CampaignsImpl } from './grpc/encode';
import { historyHandlers } from './grpc/history.handlers';
import { moneyHandlers } from './grpc/money.handlers';
import { surveyHandlers } from './grpc/surveys.handlers';

export const campaignsServiceDefinition = (): grpc.ServiceDefinition =>
  loadServiceDefinition('campaigns.v1.CampaignsService');

export function campaignsBinding(deps: CampaignsDeps): ServiceBinding {
  const implementation: CampaignsImpl = {
    ...campaignHandlers(deps),
    ...moneyHandlers(deps),
    ...surveyHandlers(deps),
    ...historyHandlers(deps),
  };
  return { definition: campaignsServiceDefinition(), implementation };
}
