import type { Simulator } from '@inbox/whatsapp-sim';
import type { SendTemplateMessageInput } from '../usecases/messages/send-template-message';

/** What the templates service sends for `order_ready` (es_MX, two body variables), rendered. */
export const orderReady = (
  to: { conversationId: string } | { phone: string },
  extra: Partial<SendTemplateMessageInput> & { inboxCategory?: string; category?: string } = {},
): SendTemplateMessageInput => {
  const { inboxCategory, category, ...rest } = extra;
  return {
    ...to,
    template: {
      id: 'tpl-order-ready',
      name: 'order_ready',
      language: 'es_MX',
      category: category ?? 'UTILITY',
      ...(inboxCategory ? { inboxCategory } : {}),
    },
    componentsJson: JSON.stringify([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana' },
          { type: 'text', text: 'A-17' },
        ],
      },
    ]),
    renderedText: 'Hola Ana, tu pedido A-17 está listo',
    ...rest,
  };
};

/** A POST to the simulator's control API (`/templates/seed`, `/templates/{id}/review`, …). */
export const simControl = async (sim: Simulator, path: string, body: unknown) => {
  const res = await fetch(`${sim.url}/_sim${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`simulator control ${path}: ${res.status}`);
  return res.json() as Promise<{ data: Array<{ id: string }> }>;
};
