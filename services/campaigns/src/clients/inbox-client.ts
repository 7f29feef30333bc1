import {
  CAMPAIGNS_SERVICE_PRINCIPAL,
  loadServiceConstructor,
  type InboxServiceClient,
} from '@inbox/contracts';
import {
  CallerTokenCache,
  createGrpcClient,
  relayServiceErrors,
  serviceCaller,
  type GrpcClient,
} from '@inbox/platform';
import type { InboxPort } from '../deps';

/** The principal this service calls other services as (a caller of kind SERVICE). */

/**
 * The inbox over gRPC, signed as this service for the organization at hand (channel credentials
 * are for services only; survey questions go out as the campaign). The inbox's refusals are
 * relayed as the same refusals (a 404 CHANNEL_NOT_CONFIGURED stays a 404).
 */
export function grpcInboxPort(address: string, internalAuthSecret: string): InboxPort {
  const client: GrpcClient<InboxServiceClient> = createGrpcClient(
    loadServiceConstructor('inbox.v1.InboxService'),
    address,
  );
  const tokens = new CallerTokenCache(internalAuthSecret);
  const options = (orgId: number, requestId: string, deadlineMs?: number) => ({
    callerToken: tokens.tokenFor(serviceCaller(CAMPAIGNS_SERVICE_PRINCIPAL, orgId, requestId)),
    requestId,
    deadlineMs,
  });
  return {
    getChannelAccess: (orgId, requestId) =>
      relayServiceErrors(client.call.GetChannelAccess({}, options(orgId, requestId))),
    sendSurveyMessage: (orgId, requestId, message) =>
      relayServiceErrors(
        client.call.SendMessage(
          {
            conversationId: message.conversationId,
            type: message.type,
            text: message.text,
            interactiveJson: message.interactiveJson,
            previewUrl: false,
            idempotencyKey: message.idempotencyKey,
          },
          // The inbox answers after WhatsApp did (up to the Cloud API client's own timeout).
          options(orgId, requestId, 30_000),
        ),
      ),
    close: () => client.close(),
  };
}
