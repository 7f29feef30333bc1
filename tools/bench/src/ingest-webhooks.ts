import { signPayload } from '@inbox/whatsapp';
import type { IngestSystem } from './ingest-system';

/** A pool of customers, so conversations are reused as in real traffic (not one per message). */
const CUSTOMERS = 2_000;

/**
 * Builds signed `messages` webhooks, each carrying `perWebhook` inbound text messages with
 * wamids unique to the run: every one must end up stored exactly once.
 */
export class WebhookFactory {
  private counter = 0;

  constructor(
    private readonly system: IngestSystem,
    private readonly perWebhook: number,
    readonly run = Date.now().toString(36),
  ) {}

  get messagesBuilt(): number {
    return this.counter;
  }

  next(): { body: string; headers: Record<string, string> } {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const messages = [];
    const contacts = [];
    for (let i = 0; i < this.perWebhook; i++) {
      const n = this.counter++;
      const waId = `52155${String(n % CUSTOMERS).padStart(8, '0')}`;
      contacts.push({ profile: { name: `Cliente ${n % CUSTOMERS}` }, wa_id: waId });
      messages.push({
        from: waId,
        id: `wamid.bench.${this.run}.${n}`,
        timestamp,
        type: 'text',
        text: { body: `Hola, pedido número ${n}: ¿cuándo llega?` },
      });
    }
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: this.system.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550100777', phone_number_id: this.system.phoneNumberId },
                contacts,
                messages,
              },
            },
          ],
        },
      ],
    };
    const body = JSON.stringify(payload);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signPayload(body, this.system.appSecret),
      },
    };
  }
}
