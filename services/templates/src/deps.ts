import type { BlobStore, CallerContext, Db, Logger } from '@inbox/platform';
import { CloudApiClient } from '@inbox/whatsapp';
import type { TemplatesEventRecorder } from './events';
import type { ChannelAccess, InboxPort } from './inbox-client';

export interface TemplatesSettings {
  /** The gateway's public origin: header-media links WhatsApp fetches are built on it. */
  publicUrl: string;
  /** The Meta app of the Resumable Upload API (header samples); unset when the deployment has none. */
  whatsappAppId?: string;
  /** This pod's own folder for uploads in progress (`incoming/`); kept samples are in `blobs`. */
  mediaDir: string;
}

/** A Cloud API client for one channel: the same code talks to Meta and to the simulator. */
export type WhatsAppFactory = (channel: ChannelAccess) => CloudApiClient;

export const cloudApiFor: WhatsAppFactory = (channel) =>
  new CloudApiClient({
    baseUrl: channel.apiBaseUrl,
    version: channel.apiVersion,
    phoneNumberId: channel.phoneNumberId,
    wabaId: channel.wabaId,
    accessToken: channel.accessToken,
  });

/** Everything a use case may touch, built once in app.ts and passed as a plain object. */
export interface TemplatesDeps {
  db: Db;
  events: TemplatesEventRecorder;
  inbox: InboxPort;
  whatsappFor: WhatsAppFactory;
  /** Header samples once uploaded: MEDIA_DIR's folder, or a bucket every replica shares. */
  blobs: BlobStore;
  settings: TemplatesSettings;
  logger: Logger;
  now: () => Date;
}

export type { CallerContext };
