import { MESSAGE_TEXT_MAX } from './messages';

export const QUICK_REPLY_LIMITS = { label: 100, text: MESSAGE_TEXT_MAX } as const;

export const QUICK_REPLY_BULK_ACTIONS = ['delete', 'activate', 'deactivate'] as const;
export type QuickReplyBulkAction = (typeof QUICK_REPLY_BULK_ACTIONS)[number];

/** What agents type after "/" to insert a reply (the slash is not part of it). */
export const QUICK_REPLY_SHORTCUT_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
