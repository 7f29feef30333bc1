/**
 * Page sizes of every cursor-paginated list (conversations, contacts, messages, templates):
 * `limit` absent or 0 is the default; the gateway refuses more than `max` with a 400.
 */
export const PAGE_SIZE = { default: 50, max: 100 } as const;

/** Ids in paths and bodies (UUIDs, or ids another service issued): longer is a 400. */
export const ID_MAX_LENGTH = 100;

/** A page cursor is a few keys: a longer one is refused before it is decoded. */
export const MAX_CURSOR_LENGTH = 1024;
