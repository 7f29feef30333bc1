import { conflict, invalid, isUniqueViolation, notFound } from '@inbox/platform';
import { isAllowedApiBaseUrl } from '../../channel/allowed-hosts';
import { channelsRepository, type ChannelRow } from '../../db/repositories/channels.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin } from '../access';
import { verifyChannel } from './verify-channel';

export interface ChannelPatch {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber?: string;
  apiBaseUrl?: string;
  apiVersion?: string;
  /** Absent keeps the stored token. */
  accessToken?: string;
  botEnabled?: boolean;
}

export async function getWhatsAppSettings(deps: InboxDeps, caller: CallerContext): Promise<ChannelRow> {
  requireAdmin(caller);
  const row = await channelsRepository.find(deps.db, caller.orgId);
  if (!row) throw notFound('WhatsApp channel');
  return row;
}

/** Creates or replaces the organization's channel; the token is sealed before it is stored and never returned. */
export async function putWhatsAppSettings(
  deps: InboxDeps,
  caller: CallerContext,
  patch: ChannelPatch,
): Promise<ChannelRow> {
  requireAdmin(caller);
  const current = await channelsRepository.find(deps.db, caller.orgId);
  const sealed = patch.accessToken
    ? deps.channels.sealToken(patch.accessToken)
    : current?.accessTokenEncrypted;
  if (!sealed)
    throw invalid('VALIDATION_FAILED', 'An access token is required for a new channel', [
      { path: 'accessToken', message: 'Required' },
    ]);
  const apiBaseUrl = patch.apiBaseUrl ?? current?.apiBaseUrl ?? deps.settings.defaultApiBaseUrl;
  if (
    !isAllowedApiBaseUrl(apiBaseUrl, [deps.settings.defaultApiBaseUrl, ...deps.settings.allowedApiBaseUrls])
  )
    throw invalid('VALIDATION_FAILED', 'This Graph API address is not allowed in this deployment', [
      { path: 'apiBaseUrl', message: 'Ask the operator to add it to WHATSAPP_ALLOWED_API_BASE_URLS' },
    ]);
  const apiVersion = patch.apiVersion ?? current?.apiVersion ?? deps.settings.defaultApiVersion;
  const changesOwnership =
    !current ||
    patch.accessToken !== undefined ||
    patch.phoneNumberId !== current.phoneNumberId ||
    patch.wabaId !== current.wabaId ||
    apiBaseUrl !== current.apiBaseUrl;
  if (changesOwnership)
    await verifyChannel({
      phoneNumberId: patch.phoneNumberId,
      wabaId: patch.wabaId,
      accessToken: patch.accessToken ?? deps.channels.openToken(sealed),
      apiBaseUrl,
      apiVersion,
    });
  const values = {
    orgId: caller.orgId,
    phoneNumberId: patch.phoneNumberId,
    wabaId: patch.wabaId,
    displayPhoneNumber: patch.displayPhoneNumber ?? current?.displayPhoneNumber ?? null,
    apiBaseUrl,
    apiVersion,
    accessTokenEncrypted: sealed,
    botEnabled: patch.botEnabled ?? current?.botEnabled ?? false,
    updatedAt: deps.now(),
  };
  try {
    const row = await channelsRepository.upsert(deps.db, values);
    deps.channels.forget(caller.orgId, [patch.phoneNumberId, ...(current ? [current.phoneNumberId] : [])]);
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two organizations cannot share a WABA (account-level webhooks, templates) or a phone number
    // (inbound messages): either would have no single owner.
    const wabaOwner = await channelsRepository.findByWabaId(deps.db, patch.wabaId);
    if (wabaOwner && wabaOwner.orgId !== caller.orgId)
      throw conflict('WABA_TAKEN', 'This WhatsApp Business Account id belongs to another organization');
    throw conflict('PHONE_NUMBER_TAKEN', 'This phone number id belongs to another organization');
  }
}
