import { newId } from '@inbox/platform';

/** A template as the simulator (WhatsApp) is seeded with it: APPROVED unless said otherwise. */
export interface TemplateSeed {
  name?: string;
  language?: string;
  category?: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  status?: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  components?: Record<string, unknown>[];
}

/** A body with two positional variables: "Hola {{1}}, tu pedido {{2}} está listo." */
export const ORDER_READY_COMPONENTS = [
  {
    type: 'BODY',
    text: 'Hola {{1}}, tu pedido {{2}} está listo.',
    example: { body_text: [['Ana', 'A-1']] },
  },
  { type: 'FOOTER', text: 'Tienda Ejemplo' },
];

/** A survey's first question: a body without variables answered by three quick-reply buttons. */
export const SURVEY_COMPONENTS = [
  { type: 'BODY', text: '¿Qué tal tu última compra?' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Buena' },
      { type: 'QUICK_REPLY', text: 'Regular' },
      { type: 'QUICK_REPLY', text: 'Mala' },
    ],
  },
];

/** The seed with its defaults filled in (a unique name). */
export const templateSeed = (seed: TemplateSeed = {}) => ({
  name: seed.name ?? `order_ready_${newId().replace(/-/g, '').slice(-10)}`,
  language: seed.language ?? 'es_MX',
  category: seed.category ?? 'UTILITY',
  status: seed.status ?? 'APPROVED',
  components: seed.components ?? ORDER_READY_COMPONENTS,
});
