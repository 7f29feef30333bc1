import {
  CAMPAIGNS_SERVICE_PRINCIPAL,
  loadServiceConstructor,
  type TemplatesServiceClient,
} from '@inbox/contracts';
import {
  CallerTokenCache,
  createGrpcClient,
  relayServiceErrors,
  serviceCaller,
  type GrpcClient,
} from '@inbox/platform';
import type { TemplatesPort } from '../deps';

/** A batch of 5,000 parameter sets is rendered in well under this; the default 5 s is tight on a busy host. */
const PREPARE_SENDS_DEADLINE_MS = 60_000;

/**
 * The templates service over gRPC, signed as this service for the organization (PrepareSends
 * takes callers of kind SERVICE only). Its refusals are relayed as the same refusals (404 for an
 * unknown template, 409 TEMPLATE_NOT_APPROVED).
 */
export function grpcTemplatesPort(address: string, internalAuthSecret: string): TemplatesPort {
  const client: GrpcClient<TemplatesServiceClient> = createGrpcClient(
    loadServiceConstructor('templates.v1.TemplatesService'),
    address,
  );
  const tokens = new CallerTokenCache(internalAuthSecret);
  return {
    prepareSends: (orgId, requestId, request) =>
      relayServiceErrors(
        client.call.PrepareSends(request, {
          callerToken: tokens.tokenFor(serviceCaller(CAMPAIGNS_SERVICE_PRINCIPAL, orgId, requestId)),
          requestId,
          deadlineMs: PREPARE_SENDS_DEADLINE_MS,
        }),
      ),
    close: () => client.close(),
  };
}
