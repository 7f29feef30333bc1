import { z } from 'zod';
import { invalidRequest } from './errors';
import { decodeAnswer as decode, graphJson } from './http';
import type { GraphRequest } from './http';
import { graphDownload, graphStreamJson, type MediaDownload } from './http-stream';
import { interactiveSchema } from './interactive';
import type { Interactive } from './interactive';
import type { MediaKind } from './media';
import { multipartBody } from './multipart';
import * as upload from './resumable-upload';
import type { UploadSessionInput, UploadSource } from './resumable-upload';
import * as insights from './account-insights';
import type { PhoneNumberStatus, PricingAnalytics, TemplateCost } from './account-insights';
import * as templates from './templates';
import type {
  CreateTemplateInput,
  CreateTemplateResult,
  DeleteTemplateTarget,
  EditTemplateInput,
  ListTemplatesOptions,
  ProviderTemplate,
  TemplatePage,
} from './templates';

import type {
  CloudApiConfig,
  MediaInfo,
  MediaRef,
  MediaUpload,
  SendOptions,
  SendResult,
} from './client-types';
import { MAX_MEDIA_DOWNLOAD_BYTES } from './client-types';

export type { MediaDownload };

export * from './client-types';

const sendResponseSchema = z.object({
  contacts: z.array(z.looseObject({ input: z.string().optional(), wa_id: z.string() })).optional(),
  messages: z.array(z.looseObject({ id: z.string().min(1), message_status: z.string().optional() })).min(1),
});
const successSchema = z.object({ success: z.literal(true) });
const uploadResponseSchema = z.object({ id: z.string().min(1) });
const phoneNumberSchema = z.object({
  id: z.string(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
});

const mediaInfoSchema = z.object({
  id: z.string(),
  url: z.string(),
  mime_type: z.string(),
  sha256: z.string(),
  file_size: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]),
});

function check(ok: boolean, details: string): void {
  if (!ok) throw invalidRequest(details);
}

/** WhatsApp Cloud API client; the same code talks to Meta and to the simulator. */
export class CloudApiClient {
  private readonly root: string;
  private readonly timeoutMs: number;
  private readonly mediaTimeoutMs: number;
  /** What the template and upload helpers may use of this client. */
  private readonly access: templates.GraphAccess & upload.StreamAccess;

  constructor(private readonly config: CloudApiConfig) {
    this.root = `${config.baseUrl.replace(/\/+$/, '')}/${config.version}`;
    this.timeoutMs = config.timeoutMs ?? 15_000;
    this.mediaTimeoutMs = config.mediaTimeoutMs ?? 120_000;
    this.access = {
      root: this.root,
      accessToken: config.accessToken,
      mediaTimeoutMs: this.mediaTimeoutMs,
      req: (method, url, extra?: Pick<GraphRequest, 'json'>) => this.req(method, url, extra),
    };
  }

  async sendText(
    to: string,
    body: string,
    opts: SendOptions & { previewUrl?: boolean } = {},
  ): Promise<SendResult> {
    check(body.length >= 1 && body.length <= 4096, 'text body must be 1 to 4096 characters');
    const text = opts.previewUrl === undefined ? { body } : { preview_url: opts.previewUrl, body };
    return this.send(to, 'text', text, opts);
  }

  async sendMedia(to: string, kind: MediaKind, media: MediaRef, opts: SendOptions = {}): Promise<SendResult> {
    check((media.id === undefined) !== (media.link === undefined), 'give exactly one of media id or link');
    check(
      media.caption === undefined || (kind !== 'audio' && kind !== 'sticker'),
      `${kind} takes no caption`,
    );
    check(media.filename === undefined || kind === 'document', 'only a document takes a filename');
    const { id, link, caption, filename } = media;
    return this.send(to, kind, { id, link, caption, filename }, opts);
  }

  /** Reacts to a message; an empty emoji removes the reaction. */
  async sendReaction(to: string, messageId: string, emoji: string): Promise<SendResult> {
    return this.send(to, 'reaction', { message_id: messageId, emoji }, {});
  }

  async sendTemplate(
    to: string,
    template: { name: string; language: string; components?: unknown[] },
    opts: SendOptions = {},
  ): Promise<SendResult> {
    check(template.name.length > 0 && template.language.length > 0, 'template needs a name and a language');
    const { name, language, components } = template;
    return this.send(to, 'template', { name, language: { code: language }, components }, opts);
  }

  /** Sends reply buttons or a list, refused locally (CloudApiError, local: true) if a limit is broken. */
  async sendInteractive(to: string, interactive: Interactive, opts: SendOptions = {}): Promise<SendResult> {
    const parsed = interactiveSchema.safeParse(interactive);
    if (!parsed.success) throw invalidRequest(z.prettifyError(parsed.error));
    return this.send(to, 'interactive', parsed.data, opts);
  }

  /** Marks a message (and the ones before it) read; `typing` also shows the typing indicator for up to 25 s. */
  async markRead(messageId: string, opts: { typing?: boolean } = {}): Promise<void> {
    const json = {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: messageId,
      ...(opts.typing ? { typing_indicator: { type: 'text' } } : {}),
    };
    decode(successSchema, await graphJson(this.req('POST', this.messagesUrl(), { json })));
  }

  /** Streams a file to the platform (multipart with a known length); never holds it in memory. */
  async uploadMedia(file: MediaUpload): Promise<{ id: string }> {
    const body = multipartBody(
      { messaging_product: 'whatsapp', type: file.mimeType },
      { field: 'file', ...file },
    );
    const url = `${this.root}/${encodeURIComponent(this.config.phoneNumberId)}/media`;
    const answer = await graphStreamJson({
      method: 'POST',
      url,
      accessToken: this.config.accessToken,
      timeoutMs: this.mediaTimeoutMs,
      body,
    });
    return decode(uploadResponseSchema, answer);
  }

  /** Resolves a media id to a download URL (valid for 5 minutes) and its metadata. */
  async getMedia(mediaId: string): Promise<MediaInfo> {
    const body = await graphJson(this.req('GET', `${this.root}/${encodeURIComponent(mediaId)}`));
    const m = decode(mediaInfoSchema, body);
    return { id: m.id, url: m.url, mimeType: m.mime_type, sha256: m.sha256, fileSize: Number(m.file_size) };
  }

  /**
   * The configured phone number as the platform sees it with this token: answers only when the
   * token may use that number, which is how a channel proves it owns the number.
   */
  async getPhoneNumber(): Promise<{ id: string; displayPhoneNumber?: string; verifiedName?: string }> {
    const body = await graphJson(
      this.req('GET', `${this.root}/${encodeURIComponent(this.config.phoneNumberId)}`),
    );
    const n = decode(phoneNumberSchema, body);
    return { id: n.id, displayPhoneNumber: n.display_phone_number, verifiedName: n.verified_name };
  }

  /**
   * Opens a media URL from getMedia with the access token, as a stream that fails past 100 MB.
   * The caller must read or destroy the stream; the deadline covers the whole body.
   */
  async downloadMedia(url: string): Promise<MediaDownload> {
    check(/^https?:\/\//i.test(url), 'media URL must be http(s)');
    const req = { method: 'GET' as const, url, accessToken: this.config.accessToken };
    return graphDownload({ ...req, timeoutMs: this.mediaTimeoutMs }, MAX_MEDIA_DOWNLOAD_BYTES);
  }

  /** The number's status, quality, messaging limit tier and throughput level. */
  getPhoneNumberStatus(): Promise<PhoneNumberStatus> {
    return insights.getPhoneNumberStatus(this.access, this.config.phoneNumberId);
  }

  /** Cost per template over a period (template analytics, 10 templates a call). */
  getTemplateAnalytics(
    wabaId: string,
    input: { start: Date; end: Date; templateIds: string[] },
  ): Promise<TemplateCost[]> {
    return insights.getTemplateAnalytics(this.access, wabaId, input);
  }

  /** The WABA's messages and cost by pricing category and type over a period. */
  getPricingAnalytics(wabaId: string, input: { start: Date; end: Date }): Promise<PricingAnalytics> {
    return insights.getPricingAnalytics(this.access, wabaId, input);
  }

  /** Submits a template for review (`POST /{waba-id}/message_templates`). */
  createTemplate(wabaId: string, input: CreateTemplateInput): Promise<CreateTemplateResult> {
    return templates.createTemplate(this.access, wabaId, input);
  }

  /** Replaces a template's components (and category, unless APPROVED); it goes back to review. */
  editTemplate(templateId: string, input: EditTemplateInput): Promise<{ success: true }> {
    return templates.editTemplate(this.access, templateId, input);
  }

  /** Deletes one language of a template: by name AND hsm_id, never by name alone. */
  deleteTemplate(wabaId: string, target: DeleteTemplateTarget): Promise<{ success: true }> {
    return templates.deleteTemplate(this.access, wabaId, target);
  }

  /** One page of the WABA's templates, with TEMPLATE_FIELDS. */
  listTemplates(wabaId: string, options: ListTemplatesOptions = {}): Promise<TemplatePage> {
    return templates.listTemplates(this.access, wabaId, options);
  }

  /** Every page, one at a time, until `paging.next` is absent. */
  templatePages(wabaId: string, options: { limit?: number } = {}): AsyncGenerator<TemplatePage> {
    return templates.templatePages(this.access, wabaId, options);
  }

  /** Every template of the WABA, page after page (one page in memory at a time). */
  async *listAllTemplates(
    wabaId: string,
    options: { limit?: number } = {},
  ): AsyncGenerator<ProviderTemplate> {
    for await (const page of this.templatePages(wabaId, options)) yield* page.data;
  }

  getTemplate(templateId: string): Promise<ProviderTemplate> {
    return templates.getTemplate(this.access, templateId);
  }

  /** Opens a Resumable Upload session on the app (`POST /{app-id}/uploads`) → `{ id: 'upload:…' }`. */
  createUploadSession(appId: string, file: UploadSessionInput): Promise<{ id: string }> {
    return upload.createUploadSession(this.access, appId, file);
  }

  /** Streams a file (a path, or a stream of exactly `size` bytes) into a session → the handle `{ h }`. */
  uploadFile(
    uploadId: string,
    file: string | UploadSource,
    options: { offset?: number } = {},
  ): Promise<{ h: string }> {
    return upload.uploadFile(this.access, uploadId, file, options);
  }

  /** How many bytes of an interrupted upload Graph holds. */
  getUploadSession(uploadId: string): Promise<{ id: string; fileOffset: number }> {
    return upload.getUploadSession(this.access, uploadId);
  }

  private async send(to: string, type: string, payload: object, opts: SendOptions): Promise<SendResult> {
    check(to.length > 0, 'recipient is required');
    const opaque = opts.bizOpaqueCallbackData;
    check(opaque === undefined || opaque.length <= 512, 'biz_opaque_callback_data is at most 512 characters');
    const json = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...(opts.replyTo === undefined ? {} : { context: { message_id: opts.replyTo } }),
      type,
      [type]: payload,
      ...(opaque === undefined ? {} : { biz_opaque_callback_data: opaque }),
    };
    const res = decode(sendResponseSchema, await graphJson(this.req('POST', this.messagesUrl(), { json })));
    const message = res.messages[0];
    // Group sends answer without contacts; the recipient is then the `to` that was sent.
    const waId = res.contacts?.[0]?.wa_id ?? to;
    return {
      wamid: message.id,
      waId,
      ...(message.message_status ? { messageStatus: message.message_status } : {}),
    };
  }

  private messagesUrl(): string {
    return `${this.root}/${encodeURIComponent(this.config.phoneNumberId)}/messages`;
  }

  private req(
    method: GraphRequest['method'],
    url: string,
    extra: Partial<Pick<GraphRequest, 'json' | 'timeoutMs'>> = {},
  ): GraphRequest {
    return { method, url, accessToken: this.config.accessToken, timeoutMs: this.timeoutMs, ...extra };
  }
}
