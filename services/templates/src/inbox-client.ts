import { loadServiceConstructor, type InboxServiceClient } from '@inbox/contracts';
import {
  CallerTokenCache,
  createGrpcClient,
  relayServiceErrors,
  serviceCaller,
  type CallerContext,
  type GrpcClient,
  type PromiseClient,
} from '@inbox/platform';

type InboxCalls = PromiseClient<InboxServiceClient>;
/** A channel's credentials as the inbox hands them to services (`inbox.v1.ChannelAccess`). */
export type ChannelAccess = Awaited<ReturnType<InboxCalls['GetChannelAccess']>>;
export type SendTemplateMessageRequest = Parameters<InboxCalls['SendTemplateMessage']>[0];
export type TemplateMessageSent = Awaited<ReturnType<InboxCalls['SendTemplateMessage']>>;
/** A page of every configured channel: organization and WABA ids, no credentials (`inbox.v1.ChannelPage`). */
export type ChannelPage = Awaited<ReturnType<InboxCalls['ListChannels']>>;

/** Whose channel: the caller's organization, or the one that owns a WABA (account-level webhooks, sync). */
export type ChannelOwner = CallerContext | { wabaId: string; requestId?: string };

/** What the templates service asks the inbox, which owns channels, conversations and messages. */
export interface InboxPort {
  /** The channel's credentials; `not_found` when the organization has none (or nobody has the WABA). */
  getChannelAccess(owner: ChannelOwner): Promise<ChannelAccess>;
  /** Every organization with a configured channel, a page at a time (by organization id). */
  listChannels(page: { cursor?: string }, requestId: string): Promise<ChannelPage>;
  /** Stores and sends a resolved template message, with the caller's own rights. */
  sendTemplateMessage(
    caller: CallerContext,
    request: SendTemplateMessageRequest,
  ): Promise<TemplateMessageSent>;
  close(): void;
}

/** The principal this service calls as when it acts on its own (channel credentials are for services only). */
export const TEMPLATES_SERVICE_PRINCIPAL = 'templates';

const isCaller = (owner: ChannelOwner): owner is CallerContext => 'orgId' in owner;

/** Over gRPC: channel access signed as this service; sends signed as the caller (the inbox checks their rights). */
export function grpcInboxPort(address: string, internalAuthSecret: string): InboxPort {
  const client: GrpcClient<InboxServiceClient> = createGrpcClient(
    loadServiceConstructor('inbox.v1.InboxService'),
    address,
  );
  const tokens = new CallerTokenCache(internalAuthSecret);
  // A refusal of the inbox becomes the same refusal here: the caller sees its 400/404/409, not a 500.
  const relay = relayServiceErrors;
  return {
    getChannelAccess: (owner) => {
      const requestId = owner.requestId ?? 'templates';
      const self = serviceCaller(TEMPLATES_SERVICE_PRINCIPAL, isCaller(owner) ? owner.orgId : 0, requestId);
      const request = isCaller(owner) ? {} : { wabaId: owner.wabaId };
      return relay(client.call.GetChannelAccess(request, { callerToken: tokens.tokenFor(self), requestId }));
    },
    listChannels: (page, requestId) => {
      // Organization 0: the service itself, across organizations (one organization would see only its own).
      const self = serviceCaller(TEMPLATES_SERVICE_PRINCIPAL, 0, requestId);
      return relay(client.call.ListChannels(page, { callerToken: tokens.tokenFor(self), requestId }));
    },
    sendTemplateMessage: (caller, request) =>
      relay(
        client.call.SendTemplateMessage(request, {
          callerToken: tokens.tokenFor(caller),
          requestId: caller.requestId,
          // The inbox answers after WhatsApp did (up to the Cloud API client's own timeout).
          deadlineMs: 30_000,
        }),
      ),
    close: () => client.close(),
  };
}
