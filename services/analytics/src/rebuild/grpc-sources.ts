import { HISTORY_SERVICE_PRINCIPAL, loadServiceConstructor, type KnownServiceName } from '@inbox/contracts';
import {
  createGrpcClient,
  relayServiceErrors,
  serviceCaller,
  type CallerTokenCache,
  type HistoryPageMessage,
  type HistoryQuery,
} from '@inbox/platform';
import type { HistorySource, HistorySourceName, HistorySources } from './history-source';

export type HistoryAddresses = Record<HistorySourceName, string>;

const SERVICES = {
  directory: 'directory.v1.DirectoryService',
  inbox: 'inbox.v1.InboxService',
  campaigns: 'campaigns.v1.CampaignsService',
} as const satisfies Record<HistorySourceName, KnownServiceName>;

/** A page may hold HISTORY_PAGE_MAX_EVENTS events with their texts: more than the 8 MiB default. */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;
/** One page of keyset reads; generous, so a busy database slows the rebuild rather than failing it. */
const PAGE_DEADLINE_MS = 120_000;

/**
 * ExportHistory of each service over gRPC, signed as the rebuild (a SERVICE caller, organization 0:
 * every organization). `tokens` signs with the deployment's INTERNAL_AUTH_SECRET.
 */
export function grpcHistorySources(
  addresses: HistoryAddresses,
  tokens: CallerTokenCache,
): { sources: HistorySources; close(): void } {
  const clients = (Object.keys(SERVICES) as HistorySourceName[]).map((name) => {
    const client = createGrpcClient(loadServiceConstructor(SERVICES[name]), addresses[name], {
      maxReceiveMessageBytes: MAX_PAGE_BYTES,
    });
    // Every service client has the same ExportHistory (history.v1): typed once here.
    const exportHistory = client.call.ExportHistory as unknown as (
      request: { before: string; after: string; limit: number },
      options: { callerToken: string; requestId: string; deadlineMs: number },
    ) => Promise<HistoryPageMessage>;
    const source: HistorySource = async (query: HistoryQuery) => {
      const requestId = `analytics-rebuild:${name}`;
      const caller = serviceCaller(HISTORY_SERVICE_PRINCIPAL, 0, requestId);
      const page = await relayServiceErrors(
        exportHistory(
          { before: query.before.toISOString(), after: query.after, limit: query.limit },
          { callerToken: tokens.tokenFor(caller), requestId, deadlineMs: PAGE_DEADLINE_MS },
        ),
      );
      return { events: page.events ?? [], next: page.next ?? '' };
    };
    return { name, source, close: () => client.close() };
  });
  return {
    sources: Object.fromEntries(clients.map((c) => [c.name, c.source])) as HistorySources,
    close: () => clients.forEach((c) => c.close()),
  };
}
