/** §1.5 of the Cloud API reference: one inbound message per type and variant, copied as data. */

const base = (id: string) => ({ from: '16505551234', id, timestamp: '1749416383' });
const media = { sha256: 'SfInY0gGKTsJlUWbwxC1k+FAD0FZHvzwfpvO0zX0GUI=', id: '1003383421387256' };
const mediaUrl = 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1003383421387256';

/** §1.5: one example per inbound type (and variant), keyed by a readable name. */
export const INBOUND_MESSAGE_EXAMPLES: Record<string, Record<string, unknown>> = {
  text: { ...base('wamid.A1'), type: 'text', text: { body: 'Does it come in another color?' } },
  image: {
    ...base('wamid.A2'),
    type: 'image',
    image: { caption: 'Taj Mahal', mime_type: 'image/jpeg', ...media, url: mediaUrl },
  },
  video: {
    ...base('wamid.A3'),
    type: 'video',
    video: { caption: 'Clip', mime_type: 'video/mp4', ...media, url: mediaUrl },
  },
  audio: {
    ...base('wamid.A4'),
    type: 'audio',
    audio: { mime_type: 'audio/ogg; codecs=opus', ...media, url: mediaUrl, voice: true },
  },
  document: {
    ...base('wamid.A5'),
    type: 'document',
    document: {
      caption: 'Invoice',
      filename: 'invoice.pdf',
      mime_type: 'application/pdf',
      ...media,
      url: mediaUrl,
    },
  },
  sticker: {
    ...base('wamid.A6'),
    type: 'sticker',
    sticker: { mime_type: 'image/webp', ...media, animated: false },
  },
  location: {
    ...base('wamid.A7'),
    type: 'location',
    location: {
      latitude: 37.44221496582,
      longitude: -122.16165924072,
      name: 'Philz Coffee',
      address: '101 Forest Ave, Palo Alto, CA 94301',
      url: 'https://philzcoffee.com/',
    },
  },
  contacts: {
    ...base('wamid.A8'),
    type: 'contacts',
    contacts: [
      {
        name: { formatted_name: 'Lucía Gómez', first_name: 'Lucía', last_name: 'Gómez' },
        org: { company: 'Google' },
        phones: [{ phone: '+1 (983) 555-2319', wa_id: '19835552319', type: 'MOBILE' }],
        emails: [],
        urls: [],
        addresses: [],
      },
    ],
  },
  button_reply: {
    ...base('wamid.A9'),
    type: 'interactive',
    context: { from: '15550783881', id: 'wamid.OUT1' },
    interactive: { type: 'button_reply', button_reply: { id: 'cancel-button', title: 'Cancel' } },
  },
  list_reply: {
    ...base('wamid.A10'),
    type: 'interactive',
    interactive: {
      type: 'list_reply',
      list_reply: {
        id: 'priority_express',
        title: 'Priority Mail Express',
        description: 'Next Day to 2 Days',
      },
    },
  },
  nfm_reply: {
    ...base('wamid.A11'),
    type: 'interactive',
    interactive: {
      type: 'nfm_reply',
      nfm_reply: { name: 'flow', body: 'Sent', response_json: '{"flow_token":"t"}' },
    },
  },
  button: {
    ...base('wamid.A12'),
    type: 'button',
    context: { from: '15550783881', id: 'wamid.TPL1' },
    button: { payload: 'Unsubscribe', text: 'Unsubscribe' },
  },
  reaction: { ...base('wamid.A13'), type: 'reaction', reaction: { message_id: 'wamid.OUT2', emoji: '👍' } },
  reaction_removed: { ...base('wamid.A14'), type: 'reaction', reaction: { message_id: 'wamid.OUT2' } },
  reaction_empty: {
    ...base('wamid.A15'),
    type: 'reaction',
    reaction: { message_id: 'wamid.OUT2', emoji: '' },
  },
  order: {
    ...base('wamid.A16'),
    type: 'order',
    order: {
      catalog_id: '194836987003835',
      text: '',
      product_items: [{ product_retailer_id: 'di9ozbzfi4', quantity: 2, item_price: 30, currency: 'USD' }],
    },
  },
  system: {
    ...base('wamid.A17'),
    type: 'system',
    system: { body: 'User A changed from 1650… to 1219…', wa_id: '12195555358', type: 'user_changed_number' },
  },
  unsupported: {
    ...base('wamid.A18'),
    type: 'unsupported',
    unsupported: { type: 'edit' },
    errors: [
      {
        code: 131051,
        title: 'Message type unknown',
        message: 'Message type unknown',
        error_data: { details: 'Message type is currently not supported.' },
      },
    ],
  },
  forwarded: {
    ...base('wamid.A19'),
    type: 'text',
    context: { frequently_forwarded: true },
    text: { body: 'Fwd' },
  },
  product_enquiry: {
    ...base('wamid.A20'),
    type: 'text',
    context: {
      from: '15550783881',
      id: 'wamid.P1',
      referred_product: { catalog_id: '194836987003835', product_retailer_id: 'di9ozbzfi4' },
    },
    text: { body: 'Is this still available?' },
  },
  ad_referral: {
    ...base('wamid.A21'),
    type: 'text',
    text: { body: 'Hello! Can I get more info on this?' },
    referral: {
      source_url: 'https://fb.me/3cr4Wqqkv',
      source_id: '120226305854810726',
      source_type: 'ad',
      body: 'Summer Succulents are here!',
      headline: 'Chat with us',
      media_type: 'image',
      image_url: 'https://scontent.xx.fbcdn.net/...',
      ctwa_clid: 'Aff-n8ZT...',
      welcome_message: { text: 'Hi there!' },
    },
  },
};
