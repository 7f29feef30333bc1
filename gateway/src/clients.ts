import {
  CAMPAIGN_BODY_LIMIT_BYTES,
  loadServiceConstructor,
  type AnalyticsServiceClient,
  type CampaignsServiceClient,
  type DirectoryServiceClient,
  type ServiceConstructor,
  type InboxServiceClient,
  type TemplatesServiceClient,
} from '@inbox/contracts';
import {
  createGrpcClient,
  newId,
  type CallerTokenCache,
  type CallOptions,
  type PromiseClient,
} from '@inbox/platform';

/** A service's methods, plus a way to call the few that need no principal (resolving one). */
export interface ServiceApi<C> {
  call: PromiseClient<C>;
  /** `requestId`: the request this call serves, so one id finds it in every process's log. */
  anonymous<K extends keyof PromiseClient<C>>(
    method: K,
    request: Parameters<Extract<PromiseClient<C>[K], (...args: never[]) => unknown>>[0],
    requestId?: string,
  ): ReturnType<Extract<PromiseClient<C>[K], (...args: never[]) => unknown>>;
  close(): void;
}

export type DirectoryApi = ServiceApi<DirectoryServiceClient>;
export type InboxApi = ServiceApi<InboxServiceClient>;
export type TemplatesApi = ServiceApi<TemplatesServiceClient>;
export type CampaignsApi = ServiceApi<CampaignsServiceClient>;
export type AnalyticsApi = ServiceApi<AnalyticsServiceClient>;

function connect<C>(
  ctor: ServiceConstructor<C>,
  address: string,
  callerTokens: CallerTokenCache,
  options: { maxReceiveMessageBytes?: number } = {},
): ServiceApi<C> {
  const client = createGrpcClient(ctor, address, options);
  const anonymousToken = () =>
    callerTokens.tokenFor({ orgId: 0, kind: 'ANONYMOUS', principalId: '', role: null, userId: null });
  return {
    call: client.call,
    anonymous: (method, request, requestId = newId()) => {
      const options: CallOptions = { callerToken: anonymousToken(), requestId };
      const fn = client.call[method] as unknown as (r: unknown, o: CallOptions) => never;
      return fn(request, options);
    },
    close: () => client.close(),
  };
}

export const connectDirectory = (address: string, callerTokens: CallerTokenCache): DirectoryApi =>
  connect(loadServiceConstructor('directory.v1.DirectoryService'), address, callerTokens);

export const connectInbox = (address: string, callerTokens: CallerTokenCache): InboxApi =>
  connect(loadServiceConstructor('inbox.v1.InboxService'), address, callerTokens);

export const connectTemplates = (address: string, callerTokens: CallerTokenCache): TemplatesApi =>
  connect(loadServiceConstructor('templates.v1.TemplatesService'), address, callerTokens);

export const connectCampaigns = (address: string, callerTokens: CallerTokenCache): CampaignsApi =>
  // A CreateCampaign answer may list up to 100,000 refused recipients: more than the 8 MiB default.
  connect(loadServiceConstructor('campaigns.v1.CampaignsService'), address, callerTokens, {
    maxReceiveMessageBytes: CAMPAIGN_BODY_LIMIT_BYTES,
  });

export const connectAnalytics = (address: string, callerTokens: CallerTokenCache): AnalyticsApi =>
  connect(loadServiceConstructor('analytics.v1.AnalyticsService'), address, callerTokens);
