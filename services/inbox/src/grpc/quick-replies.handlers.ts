import type { QuickReplyRow } from '../db/repositories/quick-replies.repository';
import type { InboxDeps } from '../deps';
import { bulkQuickReplies } from '../usecases/quick-replies/bulk-quick-replies';
import { createQuickReply } from '../usecases/quick-replies/create-quick-reply';
import { deleteQuickReply } from '../usecases/quick-replies/delete-quick-reply';
import { listQuickReplies } from '../usecases/quick-replies/list-quick-replies';
import { removeQuickReplyMedia } from '../usecases/quick-replies/remove-quick-reply-media';
import { updateQuickReply } from '../usecases/quick-replies/update-quick-reply';
import { iso, opt, type InboxImpl, type Reply } from './encode';

/** Stored media is always complete (uploads are streamed to the blob store before the row names them). */
export const encodeQuickReply = (r: QuickReplyRow): Reply<'CreateQuickReply'> => ({
  id: r.id,
  shortcut: r.shortcut,
  label: r.label,
  text: r.text,
  active: r.active,
  media: r.mediaBlobKey
    ? {
        mimeType: opt(r.mediaMimeType),
        size: opt(r.mediaSize),
        filename: opt(r.mediaFilename),
        status: 'READY',
        sha256: opt(r.mediaSha256),
      }
    : undefined,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const quickReplyHandlers = (deps: InboxDeps) =>
  ({
    ListQuickReplies: async ({ includeInactive }, caller) => ({
      data: (await listQuickReplies(deps, caller, { includeInactive })).map(encodeQuickReply),
    }),
    CreateQuickReply: async (req, caller) => encodeQuickReply(await createQuickReply(deps, caller, req)),
    UpdateQuickReply: async ({ id, shortcut, label, text, active }, caller) =>
      encodeQuickReply(await updateQuickReply(deps, caller, id, { shortcut, label, text, active })),
    DeleteQuickReply: async ({ id }, caller) => {
      await deleteQuickReply(deps, caller, id);
      return {};
    },
    BulkQuickReplies: async (req, caller) => bulkQuickReplies(deps, caller, req),
    RemoveQuickReplyMedia: async ({ id }, caller) =>
      encodeQuickReply(await removeQuickReplyMedia(deps, caller, id)),
  }) satisfies Partial<InboxImpl>;
