import { isKnownMessage, type InboundMessage, type KnownInboundMessage } from '@inbox/whatsapp';

export const INBOUND_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'image',
  'video',
  'audio',
  'document',
  'sticker',
]);

export interface InboundMedia {
  providerMediaId: string;
  mimeType: string;
  sha256: string | null;
  caption: string | null;
  filename: string | null;
}

/** How one inbound platform message is stored: the columns of its `messages` row. */
export interface InboundContent {
  type: string;
  /** Readable text: the body, or a line that stands for a structured message (search, bot, previews). */
  text: string | null;
  /** Type-specific payload plus context, referral and errors, as the platform sent them. */
  content: Record<string, unknown> | null;
  media: InboundMedia | null;
  /** The emoji of a reaction; null when the customer removed it. */
  reaction: string | null;
  replyToProviderId: string | null;
  /**
   * The machine value of a choice: a template quick-reply button's payload, an interactive reply
   * button's or list row's id (`text` keeps the title the customer saw). Null for anything else.
   */
  replyId: string | null;
  /** One line for the conversation list. */
  preview: string;
}

const PREVIEW_LENGTH = 120;

/** Whitespace collapsed, cut at PREVIEW_LENGTH characters (code points, so no emoji is split). */
export function previewOf(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join('')}…` : chars.join('');
}

type Extras = Pick<InboundMessage, 'context' | 'referral' | 'errors'>;

function withExtras(m: Extras, payload: Record<string, unknown>): Record<string, unknown> | null {
  const content: Record<string, unknown> = { ...payload };
  if (m.context) content.context = m.context;
  if (m.referral) content.referral = m.referral;
  if (m.errors?.length) content.errors = m.errors;
  return Object.keys(content).length > 0 ? content : null;
}

const base = (m: Extras, type: string, text: string | null, payload: Record<string, unknown> = {}) => ({
  type,
  text,
  content: withExtras(m, payload),
  media: null,
  reaction: null,
  replyToProviderId: m.context?.id ?? null,
  replyId: null as string | null,
  preview: previewOf(text ?? ''),
});

/** A message this code cannot read (new platform type, or a known type in a shape it does not expect). */
export function unsupportedContent(m: Extras, originalType: string, payload: unknown): InboundContent {
  const label = `⚠️ Unsupported message (${originalType})`;
  return base(m, 'unsupported', label, {
    originalType,
    ...(payload === undefined ? {} : { [originalType]: payload }),
  });
}

const MEDIA_LABELS: Record<string, string> = {
  image: '📷 Photo',
  video: '🎥 Video',
  audio: '🎵 Audio',
  document: '📄 Document',
  sticker: '💟 Sticker',
};

function mediaContent(
  m: Extract<KnownInboundMessage, { type: 'image' | 'video' | 'audio' | 'document' | 'sticker' }>,
) {
  const media = (m as Record<string, unknown>)[m.type] as {
    id: string;
    mime_type: string;
    sha256?: string;
    caption?: string;
    filename?: string;
    voice?: boolean;
  };
  const caption = media.caption || null;
  const filename = media.filename || null;
  const [icon] = MEDIA_LABELS[m.type].split(' ');
  const label = media.voice
    ? '🎤 Voice message'
    : caption || filename
      ? `${icon} ${caption ?? filename}`
      : MEDIA_LABELS[m.type];
  return {
    ...base(m, m.type, null, media.voice ? { voice: true } : {}),
    media: {
      providerMediaId: media.id,
      mimeType: media.mime_type,
      sha256: media.sha256 ?? null,
      caption,
      filename,
    },
    preview: previewOf(label),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Maps every inbound type to its stored form (reference §1.5). Pure: no I/O. */
/**
 * How an inbound message is stored. A customer's text may hold NUL characters, which PostgreSQL
 * refuses in text and JSON: they become U+FFFD, so the message is stored instead of failing forever.
 */
export const inboundContent = (m: InboundMessage): InboundContent => withoutNul(contentOf(m));

/** The value with every NUL character in its strings (and keys) replaced by U+FFFD. */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNul(v)])) as T;
  return value;
}

function contentOf(m: InboundMessage): InboundContent {
  if (!isKnownMessage(m)) return unsupportedContent(m, m.type, (m as Record<string, unknown>)[m.type]);
  switch (m.type) {
    case 'text':
      return base(m, 'text', m.text.body);
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      return mediaContent(m);
    case 'location': {
      const { name, address, latitude, longitude } = m.location;
      const place = [name, address].filter(Boolean).join(', ') || `${latitude}, ${longitude}`;
      return base(m, 'location', `📍 ${place}`, { location: m.location });
    }
    case 'contacts':
      return base(m, 'contacts', `👤 ${m.contacts.map((c) => c.name.formatted_name).join(', ')}`, {
        contacts: m.contacts,
      });
    case 'interactive': {
      const i = m.interactive;
      const text =
        i.type === 'button_reply'
          ? i.button_reply.title
          : i.type === 'list_reply'
            ? i.list_reply.title
            : `📝 ${i.nfm_reply.body || 'Form response'}`;
      const replyId =
        i.type === 'button_reply' ? i.button_reply.id : i.type === 'list_reply' ? i.list_reply.id : null;
      return { ...base(m, 'interactive', text, { interactive: i }), replyId };
    }
    case 'button':
      return { ...base(m, 'button', m.button.text, { button: m.button }), replyId: m.button.payload ?? null };
    case 'reaction': {
      // An omitted (or empty) emoji means the customer removed their reaction.
      const emoji = m.reaction.emoji || null;
      return {
        ...base(m, 'reaction', null),
        reaction: emoji,
        replyToProviderId: m.reaction.message_id,
        preview: emoji ? `Reacted ${emoji}` : 'Removed a reaction',
      };
    }
    case 'order': {
      const items = m.order.product_items.reduce((sum, item) => sum + item.quantity, 0);
      const note = m.order.text ? `: ${m.order.text}` : '';
      return base(m, 'order', `🛒 Order of ${plural(items, 'item')}${note}`, { order: m.order });
    }
    case 'system':
      return base(m, 'system', m.system.body, { system: m.system });
    case 'unsupported': {
      const what = m.unsupported?.type ? ` (${m.unsupported.type})` : '';
      return base(
        m,
        'unsupported',
        `⚠️ Unsupported message${what}`,
        m.unsupported ? { unsupported: m.unsupported } : {},
      );
    }
  }
}
