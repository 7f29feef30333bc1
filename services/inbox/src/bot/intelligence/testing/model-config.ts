import { DEFAULT_BOT_SETTINGS, type BotCategories, type BotIntent, type BotSettings } from '@inbox/contracts';
import type { BotModelConfig } from '../intelligence';

/** A store's intents, in Spanish and English, as an Admin would write them. */
export const STORE_INTENTS: BotIntent[] = [
  {
    name: 'horario',
    examples: [
      'a qué hora abren',
      'cuál es su horario',
      'abren los domingos?',
      'what time do you open',
      'opening hours',
    ],
    answer: { type: 'text', text: 'Abrimos de 9 a 18 h.' },
  },
  {
    name: 'estado_pedido',
    examples: [
      'dónde está mi pedido',
      'ya enviaron mi orden?',
      'mi paquete no ha llegado',
      'where is my order',
      'my package has not arrived',
    ],
    answer: { type: 'text', text: 'Dame tu número de pedido y lo reviso.' },
    category: 'Envíos',
  },
  {
    name: 'factura',
    examples: [
      'necesito mi factura',
      'me pueden facturar la compra',
      'quiero la factura de mi pedido',
      'I need an invoice',
    ],
    answer: { type: 'handoff' },
    category: 'Facturación',
  },
];

export const STORE_CATEGORIES: BotCategories = {
  data: [
    {
      name: 'Facturación',
      description: 'facturas, cobros y pagos',
      examples: ['me cobraron dos veces', 'el cargo de mi tarjeta está mal', 'no me llegó la factura'],
    },
    {
      name: 'Envíos',
      description: 'entregas y paquetería',
      examples: ['el repartidor no vino', 'mi paquete llegó dañado', 'cuánto tarda el envío'],
    },
    { name: 'Garantías', description: 'productos defectuosos, reparaciones y garantía' },
  ],
};

/** One organization's bot configuration: the store's intents and categories unless given. */
export function modelConfig(
  overrides: {
    orgId?: number;
    version?: number;
    settings?: Partial<BotSettings>;
    categories?: BotCategories;
  } = {},
): BotModelConfig {
  return {
    orgId: overrides.orgId ?? 1,
    version: overrides.version ?? 1,
    settings: { ...DEFAULT_BOT_SETTINGS, intents: STORE_INTENTS, ...overrides.settings },
    categories: overrides.categories ?? STORE_CATEGORIES,
  };
}
