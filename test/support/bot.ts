import {
  DEFAULT_BOT_SETTINGS,
  WEEKDAYS,
  type BotCategories,
  type BotSettings,
  type RoutingRules,
} from '@inbox/contracts';
import { eventually, type Answer, type Client } from './http';
import type { SystemForTestFile } from './suite';

/** Fixtures, builders and waits the bot scenarios share (config, loop, spec endpoints). */

/** The bot's own words: distinct, so a test can tell which of them reached the customer. */
export const BOT_TEXTS = {
  greeting: 'Hola, soy Lupita, la asistente virtual de la tienda.',
  fallback: 'No te entendí, ¿me lo dices de otra forma?',
  handoff: 'Te paso con una persona de nuestro equipo.',
  outOfHours: 'Nuestro equipo vuelve a atender el {nextOpening}. Te escribimos entonces.',
  openingHours: 'Abrimos de lunes a sábado de 9 a 18 h.',
  shipping: 'Enviamos a todo México en 3 a 5 días hábiles.',
  payment: 'Aceptamos tarjeta, transferencia y efectivo.',
};

/** The FAQ (Spanish examples); `returns` hands off instead of answering. */
export const INTENTS: BotSettings['intents'] = [
  {
    name: 'opening_hours',
    examples: [
      '¿A qué hora abren?',
      '¿Cuál es su horario de atención?',
      '¿Qué horario tienen?',
      '¿Abren los domingos?',
      '¿Hasta qué hora atienden?',
      'horario de la tienda',
      '¿Están abiertos hoy?',
    ],
    answer: { type: 'text', text: BOT_TEXTS.openingHours },
  },
  {
    name: 'shipping',
    examples: [
      '¿Hacen envíos a domicilio?',
      '¿Cuánto cuesta el envío?',
      '¿Envían a todo el país?',
      '¿Cuánto tarda en llegar el envío?',
      '¿Mandan a otra ciudad?',
    ],
    answer: { type: 'text', text: BOT_TEXTS.shipping },
  },
  {
    name: 'payment_methods',
    examples: [
      '¿Qué formas de pago aceptan?',
      '¿Puedo pagar con tarjeta de crédito?',
      '¿Aceptan transferencia bancaria?',
      '¿Puedo pagar en efectivo?',
      '¿Cómo puedo pagar?',
    ],
    answer: { type: 'text', text: BOT_TEXTS.payment },
    category: 'ventas',
  },
  {
    name: 'returns',
    examples: [
      'Quiero devolver un producto',
      '¿Cómo hago una devolución?',
      'Quiero que me regresen mi dinero',
      'Necesito hacer un reembolso',
    ],
    answer: { type: 'handoff' },
  },
];

/** The organization's categories; an intent may only name one of these. */
export const CATEGORIES: BotCategories = {
  data: [
    {
      name: 'ventas',
      description: 'precios, compras y promociones',
      examples: [
        '¿Cuánto cuesta este producto?',
        'Quiero comprar dos piezas',
        '¿Tienen descuentos o promociones?',
        'Me interesa el precio del modelo grande',
      ],
    },
    {
      name: 'soporte',
      description: 'productos que fallan',
      examples: [
        'Mi producto no funciona',
        'Se rompió la pantalla',
        'El aparato no enciende',
        'Tengo una falla con el equipo',
      ],
    },
    {
      name: 'facturacion',
      description: 'facturas y datos fiscales',
      examples: [
        'Necesito mi factura',
        'No me llegó la factura de mi compra',
        'Quiero facturar mi compra con mis datos fiscales',
        'La factura tiene un error en el RFC',
      ],
    },
  ],
};

/** A full /bot/settings document with the fixture's texts and intents. */
export const botSettings = (changes: Partial<BotSettings> = {}): BotSettings => ({
  ...DEFAULT_BOT_SETTINGS,
  greeting: BOT_TEXTS.greeting,
  fallbackMessage: BOT_TEXTS.fallback,
  handoffMessage: BOT_TEXTS.handoff,
  outOfHoursMessage: BOT_TEXTS.outOfHours,
  maxFallbacks: 2,
  handoffKeywords: ['asesor', 'agente', 'humano', 'persona'],
  intents: INTENTS,
  ...changes,
});

/** A problem document of a client mistake: one of the statuses, JSON problem type, a stable code. */
export function expectProblem(what: string, res: Answer, statuses: number | number[], code?: string) {
  const allowed = Array.isArray(statuses) ? statuses : [statuses];
  const body = typeof res.body === 'string' ? safeJson(res.body) : res.body;
  expect({ what, status: allowed.includes(res.status) ? 'as expected' : res.status, body }).toMatchObject({
    what,
    status: 'as expected',
  });
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(body).toMatchObject({ status: res.status, code: expect.any(String) });
  if (code) expect({ what, code: body.code }).toEqual({ what, code });
}

const safeJson = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The field paths a validation problem names, indexes dotted (`intents[0].examples` → `intents.0.examples`). */
export const fieldPaths = (res: Answer): string[] =>
  ((res.body?.errors ?? []) as Array<{ path: string }>).map((e) => e.path.replace(/\[(\d+)\]/g, '.$1'));

/** GET as the caller; fails the test on anything but 200. */
export async function read(api: Client, path: string, token: string): Promise<any> {
  const res = await api.get(path, { token });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** PUT as the caller; fails the test on anything but 200. */
export async function write(api: Client, path: string, body: unknown, token: string): Promise<any> {
  const res = await api.put(path, body, { token });
  if (res.status !== 200) throw new Error(`PUT ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The whole bot configuration of the Admin's organization, in the order the checks need it. */
export async function configureBot(
  api: Client,
  token: string,
  config: { categories?: BotCategories; settings?: BotSettings; routing?: RoutingRules },
) {
  if (config.categories) await write(api, '/bot/categories', config.categories, token);
  if (config.routing) await write(api, '/routing-rules', config.routing, token);
  if (config.settings) await write(api, '/bot/settings', config.settings, token);
}

/** A team with members (by user id); answers its id. */
export async function makeTeam(api: Client, token: string, name: string, members: string[] = []) {
  const created = await api.post('/teams', { name }, { token });
  if (created.status !== 201) throw new Error(`team: ${created.status} ${JSON.stringify(created.body)}`);
  for (const userId of members) {
    const added = await api.post(`/teams/${created.body.id}/members`, { userId }, { token });
    if (added.status !== 201) throw new Error(`member: ${added.status} ${JSON.stringify(added.body)}`);
  }
  return created.body.id as string;
}

/** Sets a user's online status as the Admin. */
export async function setStatus(api: Client, token: string, userId: string, status: string) {
  const res = await api.patch(`/users/${userId}/status`, { status }, { token });
  if (res.status !== 200) throw new Error(`status: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * A schedule closed now: open only 09:30–10:00 UTC on the weekday two days from now. Answers the
 * PUT body and the next opening it implies.
 */
export function closedNowSchedule(now = new Date()) {
  const day = new Date(now.getTime() + 2 * 86_400_000);
  const weekday = WEEKDAYS[(day.getUTCDay() + 6) % 7];
  const opening = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9, 30));
  return {
    body: { timezone: 'UTC', weeklyHours: [{ day: weekday, start: '09:30', end: '10:00' }], holidays: [] },
    opening,
  };
}

/** The active (non-closed) conversation of a customer, once it exists. */
export async function conversationOf(t: SystemForTestFile, waId: string, token = t.admin): Promise<any> {
  let found: any;
  await eventually(async () => {
    const list = await t.api.get(`/conversations?search=${waId}`, { token });
    found = list.body.data?.find((c: any) => c.waId === waId && c.status !== 'CLOSED');
    if (!found) throw new Error(`no active conversation of ${waId} yet`);
  }, 15_000);
  return found;
}

/** A conversation's messages, oldest first. */
export async function messagesOf(t: SystemForTestFile, id: string, token = t.admin): Promise<any[]> {
  const res = await t.api.get(`/conversations/${id}/messages?limit=100`, { token });
  if (res.status !== 200) throw new Error(`messages of ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  // The API lists newest first.
  return [...res.body.data].reverse();
}

/** The texts of the bot's messages in a conversation, oldest first. */
export const botTextsOf = async (t: SystemForTestFile, id: string) =>
  (await messagesOf(t, id)).filter((m) => m.sender === 'bot').map((m) => String(m.text ?? ''));

/** Everything the simulator accepted for a customer, as raw Graph request bodies (JSON text). */
export const sentTo = async (t: SystemForTestFile, waId: string) =>
  (await t.sim.sent(waId)).map((s) => JSON.stringify(s));

/**
 * Waits until the bot sent `count` messages containing `text` in the conversation: stored with
 * sender `bot` and accepted by WhatsApp (the simulator) for the customer.
 */
export async function waitForBotText(
  t: SystemForTestFile,
  conversation: { id: string; waId: string },
  text: string,
  { count = 1, timeoutMs = 20_000 } = {},
) {
  await eventually(async () => {
    const texts = await botTextsOf(t, conversation.id);
    const stored = texts.filter((m) => m.includes(text)).length;
    if (stored < count)
      throw new Error(
        `conversation ${conversation.id}: ${stored} bot message(s) with "${text}", wanted ${count}; the bot said ${JSON.stringify(texts)}`,
      );
    const sent = (await sentTo(t, conversation.waId)).filter((s) => s.includes(jsonInner(text))).length;
    if (sent < count)
      throw new Error(
        `WhatsApp got ${sent} message(s) with "${text}" for ${conversation.waId}, wanted ${count}`,
      );
  }, timeoutMs);
}

/** How a text appears inside a JSON string (quotes and backslashes escaped). */
const jsonInner = (text: string) => JSON.stringify(text).slice(1, -1);

/** Polls GET /conversations/{id} until `check` passes; answers the last conversation read. */
export async function waitForConversation(
  t: SystemForTestFile,
  id: string,
  check: (conversation: any) => void,
  timeoutMs = 20_000,
  token = t.admin,
): Promise<any> {
  let conversation: any;
  await eventually(async () => {
    const res = await t.api.get(`/conversations/${id}`, { token });
    if (res.status !== 200) throw new Error(`conversation ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    conversation = res.body;
    check(conversation);
  }, timeoutMs);
  return conversation;
}

/** Polls GET /jobs/{id} until the job finished (COMPLETED or FAILED); answers it. */
export async function waitForJob(api: Client, token: string, id: string, timeoutMs = 30_000): Promise<any> {
  let job: any;
  await eventually(async () => {
    const res = await api.get(`/jobs/${id}`, { token });
    if (res.status !== 200) throw new Error(`job ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    job = res.body;
    if (job.status !== 'COMPLETED' && job.status !== 'FAILED')
      throw new Error(`job ${id} is still ${job.status}: ${JSON.stringify(job)}`);
  }, timeoutMs);
  return job;
}

export interface LiveEvent {
  id: string;
  type: string;
  data: Record<string, any>;
}

/**
 * Records the organization's live stream (GET /events) from now on: the public window on events
 * such as `inbox.conversation.handoff.v1` (reason, rule) and `inbox.job.updated.v1`.
 */
export async function recordLiveEvents(baseUrl: string, token: string) {
  const controller = new AbortController();
  const events: LiveEvent[] = [];
  const res = await fetch(`${baseUrl}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`live stream: ${res.status} ${await res.text()}`);
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data) {
          const parsed = JSON.parse(data);
          events.push({ id: parsed.id, type: parsed.type, data: parsed.data });
        }
      }
    }
  })().catch(() => undefined); // aborted at the end of the file, or the system stopped first
  return {
    events,
    /** Waits for an event of `type` whose data passes `match`; answers it. */
    async waitFor(type: string, match: (data: Record<string, any>) => boolean, timeoutMs = 20_000) {
      let found: LiveEvent | undefined;
      await eventually(async () => {
        found = events.find((e) => e.type === type && match(e.data));
        if (!found)
          throw new Error(
            `no live ${type} matching; saw ${JSON.stringify(events.filter((e) => e.type === type).map((e) => e.data))}`,
          );
      }, timeoutMs);
      return found!;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
