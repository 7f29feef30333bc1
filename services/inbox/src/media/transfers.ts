import { TransferSlots, type TransferSlotsOptions } from '@inbox/platform';

/**
 * Media files one inbox process moves at once (WhatsApp → blob store, agent upload → blob store,
 * blob store → WhatsApp). Each streams with a few 64 KB buffers in flight, so this bounds the
 * process's media memory whatever the traffic; more wait up to 30 s, then get 503.
 */
export const MEDIA_TRANSFERS: TransferSlotsOptions = { slots: 4, maxWaiting: 64, waitTimeoutMs: 30_000 };

export const createMediaTransfers = () => new TransferSlots(MEDIA_TRANSFERS);
