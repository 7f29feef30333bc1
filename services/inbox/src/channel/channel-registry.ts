import { CloudApiClient } from '@inbox/whatsapp';
import { DomainError, type Db } from '@inbox/platform';
import { channelsRepository, type ChannelRow } from '../db/repositories/channels.repository';
import type { SecretBox } from './secret-box';

const CACHE_MS = 30_000;

export const channelNotConfigured = () =>
  new DomainError(
    'conflict',
    'CHANNEL_NOT_CONFIGURED',
    'The organization has no WhatsApp channel: set it with PUT /settings/whatsapp',
  );

/**
 * Each organization's WhatsApp channel and a Cloud API client for it. Lookups are cached briefly:
 * every inbound webhook needs the phone-number → organization mapping.
 */
export class ChannelRegistry {
  private readonly byOrg = new Map<number, { row: ChannelRow; client: CloudApiClient; at: number }>();
  private readonly byPhone = new Map<string, { orgId: number | null; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
  ) {}

  async find(orgId: number): Promise<ChannelRow | undefined> {
    return (await this.entry(orgId))?.row;
  }

  /** A client for the organization's channel; 409 CHANNEL_NOT_CONFIGURED when there is none or no token. */
  async clientFor(orgId: number): Promise<CloudApiClient> {
    const entry = await this.entry(orgId);
    if (!entry) throw channelNotConfigured();
    return entry.client;
  }

  /** The organization behind a phone number id, or null for a number no organization owns. */
  async orgForPhoneNumberId(phoneNumberId: string): Promise<number | null> {
    const hit = this.byPhone.get(phoneNumberId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.orgId;
    const orgId = await channelsRepository.orgIdForPhoneNumberId(this.db, phoneNumberId);
    this.byPhone.set(phoneNumberId, { orgId, at: Date.now() });
    return orgId;
  }

  /** Call after the channel changes, so the next lookup reads it again. */
  forget(orgId: number, phoneNumberIds: string[] = []): void {
    this.byOrg.delete(orgId);
    for (const id of phoneNumberIds) this.byPhone.delete(id);
  }

  sealToken(token: string): string {
    return this.secrets.seal(token);
  }

  openToken(sealed: string): string {
    return this.secrets.open(sealed);
  }

  /** Whether INBOX_PREVIOUS_ENCRYPTION_KEYS are set: stored tokens may be sealed with one of them. */
  get rotatingKeys(): boolean {
    return this.secrets.rotating;
  }

  /** The token sealed again with the current key when a previous key sealed it; undefined otherwise. */
  resealToken(sealed: string): string | undefined {
    return this.secrets.resealed(sealed);
  }

  private async entry(orgId: number) {
    const hit = this.byOrg.get(orgId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit;
    const row = await channelsRepository.find(this.db, orgId);
    if (!row || !row.accessTokenEncrypted) return undefined;
    const client = new CloudApiClient({
      baseUrl: row.apiBaseUrl,
      version: row.apiVersion,
      phoneNumberId: row.phoneNumberId,
      wabaId: row.wabaId,
      accessToken: this.secrets.open(row.accessTokenEncrypted),
      // Under the gateway's 15 s deadline for sends, with room for one retry.
      timeoutMs: 8_000,
    });
    const entry = { row, client, at: Date.now() };
    this.byOrg.set(orgId, entry);
    return entry;
  }
}
