import { BOT_LIMITS, type BotLanguage, type HandoffReason } from '@inbox/contracts';
import type { SummaryInput, TranscriptLine } from '../intelligence/intelligence';
import { normalize } from '../nlp/text';
import { extractEntities, type Entities } from './entities';

/**
 * The built-in handoff summary: extractive (only the customer's and the bot's own words, nothing
 * invented) and deterministic, so the same conversation always gives the same summary. Sections
 * follow what an agent needs first: why it came to them, the topic, what the customer asked, the
 * details to look up, what the bot already said, and what a colleague noted before.
 */

export interface SummaryLabels {
  reason: string;
  reasons: Record<HandoffReason, string>;
  category: string;
  request: string;
  details: string;
  entities: Record<keyof Entities, string>;
  botAnswers: string;
  previousSummary: string;
}

export const SUMMARY_LABELS: Record<BotLanguage, SummaryLabels> = {
  es: {
    reason: 'Motivo del traspaso',
    reasons: {
      requested: 'el cliente pidió hablar con una persona',
      fallbacks: 'el bot no entendió al cliente varias veces seguidas',
      intent: 'la consulta requiere a una persona',
      out_of_hours: 'llegó fuera del horario del equipo',
      agent: 'un agente tomó la conversación',
    },
    category: 'Categoría',
    request: 'Lo que pide el cliente',
    details: 'Datos mencionados',
    entities: {
      orderNumbers: 'Pedidos',
      emails: 'Correos',
      phones: 'Teléfonos',
      dates: 'Fechas',
      amounts: 'Montos',
    },
    botAnswers: 'Lo que respondió el bot',
    previousSummary: 'Resumen anterior del agente',
  },
  en: {
    reason: 'Handoff reason',
    reasons: {
      requested: 'the customer asked for a person',
      fallbacks: 'the bot did not understand the customer several times in a row',
      intent: 'the request needs a person',
      out_of_hours: 'it came outside the team’s hours',
      agent: 'an agent took the conversation',
    },
    category: 'Category',
    request: 'What the customer asks',
    details: 'Details mentioned',
    entities: {
      orderNumbers: 'Orders',
      emails: 'E-mails',
      phones: 'Phones',
      dates: 'Dates',
      amounts: 'Amounts',
    },
    botAnswers: 'What the bot answered',
    previousSummary: 'Agent’s previous summary',
  },
  pt: {
    reason: 'Motivo da transferência',
    reasons: {
      requested: 'o cliente pediu para falar com uma pessoa',
      fallbacks: 'o bot não entendeu o cliente várias vezes seguidas',
      intent: 'a solicitação precisa de uma pessoa',
      out_of_hours: 'chegou fora do horário da equipe',
      agent: 'um agente assumiu a conversa',
    },
    category: 'Categoria',
    request: 'O que o cliente pede',
    details: 'Dados mencionados',
    entities: {
      orderNumbers: 'Pedidos',
      emails: 'E-mails',
      phones: 'Telefones',
      dates: 'Datas',
      amounts: 'Valores',
    },
    botAnswers: 'O que o bot respondeu',
    previousSummary: 'Resumo anterior do agente',
  },
};

// Caps per piece, so every section fits the limit in the usual case; the final cut is a last resort.
const QUOTE = 300;
const BOT_QUOTE = 160;
const ENTITY = 60;
const ENTITIES_PER_KIND = 10;
const PREVIOUS = 1200;
const LAST_CUSTOMER_LINES = 3;
const LAST_BOT_LINES = 2;

export function buildSummary(
  input: SummaryInput,
  labels: SummaryLabels = SUMMARY_LABELS[input.language],
): string {
  const said = (from: TranscriptLine['from']) =>
    input.transcript.filter((line) => line.from === from && line.text.trim() !== '').map((line) => line.text);
  const customer = said('customer');
  const entities = extractEntities(customer.join('\n'));
  const details = (Object.keys(labels.entities) as (keyof Entities)[])
    .filter((kind) => entities[kind].length > 0)
    .map((kind) => {
      const values = entities[kind].slice(0, ENTITIES_PER_KIND).map((value) => cut(value, ENTITY));
      return `${labels.entities[kind]}: ${values.join(', ')}`;
    });
  const previous = input.previousSummary?.trim();

  const sections = [
    input.reason && `${labels.reason}: ${labels.reasons[input.reason]}`,
    input.category?.trim() && `${labels.category}: ${input.category.trim()}`,
    list(
      labels.request,
      customerRequest(customer).map((text) => quote(text, QUOTE)),
    ),
    list(labels.details, details),
    list(
      labels.botAnswers,
      distinct(said('bot'))
        .slice(-LAST_BOT_LINES)
        .map((text) => quote(text, BOT_QUOTE)),
    ),
    previous && `${labels.previousSummary}:\n${cut(previous, PREVIOUS)}`,
  ].filter((section): section is string => Boolean(section));
  return cut(sections.join('\n\n'), BOT_LIMITS.handoffSummary);
}

/** The first message says what they came for; the last ones say where it stands now. */
function customerRequest(lines: string[]): string[] {
  if (lines.length === 0) return [];
  const [first, ...rest] = lines;
  const firstKey = normalize(first);
  const last = distinct(rest.filter((line) => normalize(line) !== firstKey));
  return [first, ...last.slice(-LAST_CUSTOMER_LINES)];
}

/** Repeats count once (the last time they were said): "hola" three times is one line. */
function distinct(lines: string[]): string[] {
  const keys = lines.map(normalize);
  return lines.filter((_line, i) => keys.indexOf(keys[i], i + 1) === -1);
}

function list(heading: string, items: string[]): string | null {
  if (items.length === 0) return null;
  return `${heading}:\n${items.map((item) => `- ${item}`).join('\n')}`;
}

function quote(text: string, max: number): string {
  return `“${cut(text.replace(/\s+/g, ' ').trim(), max)}”`;
}

/** At most `max` UTF-16 units (how the limit is checked), never splitting a character. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  return `${kept.trimEnd()}…`;
}
