import { z } from 'zod';
import { messageSchema, toRest } from './messages.routes';
import { quickReply } from './quick-replies.routes';
import { route } from './route';
import { idParam } from './schemas';

const enc = encodeURIComponent;

/**
 * Multipart uploads and media downloads stream straight to the inbox's internal HTTP port after
 * the gateway has authenticated, authorized and rate-limited the request. An upload's answer is
 * the message or quick reply in the inbox's proto shape; the gateway makes the REST answer of it.
 */
export const mediaRoutes = [
  route({
    method: 'post',
    path: '/conversations/:id/messages/media',
    access: 'user',
    tag: 'Messages',
    summary:
      'Send a media message (image, video, audio, document): multipart `file` and an optional `caption`. 413 over the platform’s size limit, 415 for other types.',
    params: idParam,
    status: 201,
    response: messageSchema,
    proxy: {
      to: 'inbox',
      path: (p: { id: string }) => `/internal/conversations/${enc(p.id)}/messages/media`,
      fromService: toRest,
      requestBody: {
        contentType: 'multipart/form-data',
        description: 'file (required), caption (optional)',
        fields: z.object({
          file: z.file().describe('an image, video, audio file, document or sticker WhatsApp takes'),
          caption: z.string().optional().describe('shown under an image, video or document'),
        }),
      },
    },
  }),
  route({
    method: 'get',
    path: '/messages/:id/media',
    access: 'user',
    tag: 'Messages',
    summary: 'The message’s media file (inbound media once downloaded; 409 MEDIA_NOT_READY before)',
    params: idParam,
    // Revalidated with the ETag the inbox sends (304 when unchanged).
    answers: [304],
    proxy: {
      to: 'inbox',
      path: (p: { id: string }) => `/internal/messages/${enc(p.id)}/media`,
      responseType: 'application/octet-stream',
    },
  }),
  route({
    method: 'post',
    path: '/quick-replies/:id/media',
    access: 'admin',
    tag: 'Quick replies',
    summary: 'Upload (or replace) the quick reply’s media attachment: multipart `file`',
    params: idParam,
    response: quickReply,
    proxy: {
      to: 'inbox',
      path: (p: { id: string }) => `/internal/quick-replies/${enc(p.id)}/media`,
      requestBody: {
        contentType: 'multipart/form-data',
        description: 'file (required)',
        fields: z.object({ file: z.file() }),
      },
    },
  }),
  route({
    method: 'get',
    path: '/quick-replies/:id/media',
    access: 'user',
    tag: 'Quick replies',
    summary: 'The quick reply’s media attachment',
    params: idParam,
    // Revalidated with the ETag the inbox sends (304 when unchanged).
    answers: [304],
    proxy: {
      to: 'inbox',
      path: (p: { id: string }) => `/internal/quick-replies/${enc(p.id)}/media`,
      responseType: 'application/octet-stream',
    },
  }),
];
