import type { ChannelRow } from '../db/repositories/channels.repository';
import type { InboxDeps } from '../deps';
import { getChannelAccess } from '../usecases/settings/get-channel-access';
import { listChannels } from '../usecases/settings/list-channels';
import { getWhatsAppSettings, putWhatsAppSettings } from '../usecases/settings/whatsapp-settings';
import { iso, opt, type InboxImpl, type Reply } from './encode';

/** Never includes the token: only whether one is set. */
export const encodeSettings = (c: ChannelRow): Reply<'GetWhatsAppSettings'> => ({
  phoneNumberId: c.phoneNumberId,
  wabaId: c.wabaId,
  displayPhoneNumber: opt(c.displayPhoneNumber),
  apiBaseUrl: c.apiBaseUrl,
  apiVersion: c.apiVersion,
  accessTokenSet: Boolean(c.accessTokenEncrypted),
  botEnabled: c.botEnabled,
  updatedAt: iso(c.updatedAt),
});

export const settingsHandlers = (deps: InboxDeps) =>
  ({
    GetWhatsAppSettings: async (_req, caller) => encodeSettings(await getWhatsAppSettings(deps, caller)),
    PutWhatsAppSettings: async (req, caller) => encodeSettings(await putWhatsAppSettings(deps, caller, req)),
    GetChannelAccess: async (req, caller) => {
      const access = await getChannelAccess(deps, caller, { wabaId: req.wabaId });
      return { ...access, displayPhoneNumber: opt(access.displayPhoneNumber) };
    },
    ListChannels: async (req, caller) => {
      const page = await listChannels(deps, caller, { cursor: req.cursor, limit: req.limit });
      return { data: page.data, nextCursor: opt(page.nextCursor) };
    },
  }) satisfies Partial<InboxImpl>;
