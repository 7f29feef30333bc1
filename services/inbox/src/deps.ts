import type { BlobStore, CallerContext, Db, Logger, TransferSlots } from '@inbox/platform';
import type { Intelligence } from './bot/intelligence';
import type { ChannelRegistry } from './channel/channel-registry';
import type { DirectoryLookup } from './directory-lookup';
import type { InboxEventRecorder } from './events';

export interface InboxSettings {
  /** Where a new organization's channel points when none is configured (the simulator in all-in-one mode). */
  defaultApiBaseUrl: string;
  defaultApiVersion: string;
  /** Graph API base URLs an Admin may choose for a channel (operator setting; the default is always allowed). */
  allowedApiBaseUrls: string[];
  /** Inbound messages stored per transaction (1: one each); the consumer's default when unset. */
  ingestBatchSize?: number;
}

/** Everything a use case may touch, built once in app.ts and passed as a plain object. */
export interface InboxDeps {
  db: Db;
  events: InboxEventRecorder;
  channels: ChannelRegistry;
  directory: DirectoryLookup;
  blobs: BlobStore;
  /** Slots for media files in motion: the per-process cap on streamed transfers. */
  transfers: TransferSlots;
  settings: InboxSettings;
  /** The bot's classifiers and summaries: built-in, or an OpenAI-compatible model in front of them. */
  intelligence: Intelligence;
  logger: Logger;
  now: () => Date;
}

export type { CallerContext };
