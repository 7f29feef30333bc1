import type { PhoneNumberStatus } from '@inbox/whatsapp';
import type { CampaignsDeps, ChannelAccess } from '../../deps';

/** WhatsApp's word about a number changes slowly (quality, tier, throughput): kept this long. */
const PHONE_STATUS_TTL_MS = 5 * 60_000;

export interface KnownPhoneStatus extends PhoneNumberStatus {
  /** Messages per second the workers use for this number. */
  sendRate: number;
  fetchedAt: string;
}

const cacheKey = (phoneNumberId: string) => `campaigns:phone-status:${phoneNumberId}`;

/** The send rate WhatsApp's throughput level allows, unless the operator fixed one (CAMPAIGNS_SEND_RATE). */
export function rateOfLevel(deps: Pick<CampaignsDeps, 'settings'>, level: string | undefined): number {
  const { settings } = deps;
  if (settings.sendRateOverride) return settings.sendRateOverride;
  return level === 'HIGH' ? settings.highSendRate : settings.standardSendRate;
}

/** The number's status from WhatsApp (cached 5 minutes; `force` asks again). */
export async function phoneStatusOf(
  deps: CampaignsDeps,
  channel: ChannelAccess,
  force = false,
): Promise<KnownPhoneStatus> {
  const key = cacheKey(channel.phoneNumberId);
  const cached = force ? undefined : await deps.cache.get<KnownPhoneStatus>(key).catch(() => undefined);
  if (cached) return cached;
  const status = await deps.whatsappFor(channel).getPhoneNumberStatus();
  const known: KnownPhoneStatus = {
    ...status,
    sendRate: rateOfLevel(deps, status.throughputLevel),
    fetchedAt: deps.now().toISOString(),
  };
  // Redis down is no reason to fail: the answer is simply not kept.
  await deps.cache.set(key, known, PHONE_STATUS_TTL_MS).catch(() => undefined);
  return known;
}

/**
 * Messages per second for a number: the operator's rate, else what its throughput level allows
 * (HIGH 1,000, else 80). When WhatsApp cannot be asked, the standard rate: never faster than allowed.
 */
export async function sendRateOf(deps: CampaignsDeps, channel: ChannelAccess): Promise<number> {
  if (deps.settings.sendRateOverride) return deps.settings.sendRateOverride;
  try {
    return (await phoneStatusOf(deps, channel)).sendRate;
  } catch (error) {
    deps.logger.warn(
      { err: error, phoneNumberId: channel.phoneNumberId },
      'phone status unknown; standard send rate',
    );
    return deps.settings.standardSendRate;
  }
}
