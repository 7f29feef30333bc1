import type { Readable } from 'node:stream';

/** The client's configuration and the shapes of its media and send calls. */

export interface CloudApiConfig {
  /** Graph origin, e.g. https://graph.facebook.com, or the simulator's URL. */
  baseUrl: string;
  /** Graph version, e.g. v23.0. */
  version: string;
  phoneNumberId: string;
  wabaId?: string;
  accessToken: string;
  /** Deadline of each JSON request; default 15 000 ms. */
  timeoutMs?: number;
  /** Deadline of media uploads and downloads (up to 100 MB); default 120 000 ms. */
  mediaTimeoutMs?: number;
}

export interface SendOptions {
  /** wamid of the message this one replies to (sent as `context.message_id`). */
  replyTo?: string;
  /** Echoed back in status webhooks; up to 512 characters. */
  bizOpaqueCallbackData?: string;
}

export interface SendResult {
  wamid: string;
  /** The recipient's WhatsApp ID as Graph normalised it; may differ from the `to` that was sent. */
  waId: string;
  /** accepted | held_for_quality_assessment | paused, when Graph says. */
  messageStatus?: string;
}

export interface MediaRef {
  id?: string;
  link?: string;
  caption?: string;
  filename?: string;
}
export interface MediaInfo {
  id: string;
  url: string;
  mimeType: string;
  sha256: string;
  fileSize: number;
}

/** A file to upload, read as it is sent: `size` must be its exact length. */
export interface MediaUpload {
  stream: Readable;
  size: number;
  mimeType: string;
  filename: string;
}

/** The largest media file WhatsApp carries (reference §4, error 131052). */
export const MAX_MEDIA_DOWNLOAD_BYTES = 100 * 1024 * 1024;
