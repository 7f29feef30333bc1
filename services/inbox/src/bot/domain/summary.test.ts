import { BOT_LIMITS } from '@inbox/contracts';
import type { SummaryInput, TranscriptLine } from '../intelligence/intelligence';
import { buildSummary, SUMMARY_LABELS } from './summary';

let minute = 0;
const line = (from: TranscriptLine['from'], text: string): TranscriptLine => ({
  from,
  text,
  at: new Date(Date.UTC(2026, 2, 15, 10, minute++)),
});
const customer = (text: string) => line('customer', text);
const bot = (text: string) => line('bot', text);

const input = (over: Partial<SummaryInput>): SummaryInput => ({
  language: 'es',
  transcript: [],
  reason: null,
  category: null,
  previousSummary: null,
  ...over,
});

describe('buildSummary', () => {
  it('gives every section in Spanish, in the order an agent reads them', () => {
    const summary = buildSummary(
      input({
        reason: 'fallbacks',
        category: 'Facturación',
        transcript: [
          customer('Hola, necesito la factura de mi pedido #4521'),
          bot('¡Hola! Soy el asistente virtual.'),
          bot('Perdón, no entendí.'),
          customer('la factura del 15/03 por $1,250.50'),
          bot('Perdón, no entendí. ¿Puedes decirlo de otra forma?'),
          customer('mándala a ana@example.mx'),
        ],
        previousSummary: 'Cliente frecuente; ya se le reenvió una factura en enero.',
      }),
    );
    expect(summary).toBe(
      [
        'Motivo del traspaso: el bot no entendió al cliente varias veces seguidas',
        '',
        'Categoría: Facturación',
        '',
        'Lo que pide el cliente:',
        '- “Hola, necesito la factura de mi pedido #4521”',
        '- “la factura del 15/03 por $1,250.50”',
        '- “mándala a ana@example.mx”',
        '',
        'Datos mencionados:',
        '- Pedidos: #4521',
        '- Correos: ana@example.mx',
        '- Fechas: 15/03',
        '- Montos: $1,250.50',
        '',
        'Lo que respondió el bot:',
        '- “Perdón, no entendí.”',
        '- “Perdón, no entendí. ¿Puedes decirlo de otra forma?”',
        '',
        'Resumen anterior del agente:',
        'Cliente frecuente; ya se le reenvió una factura en enero.',
      ].join('\n'),
    );
  });

  it('drops empty sections and speaks English', () => {
    const summary = buildSummary(
      input({ language: 'en', reason: 'requested', transcript: [customer('I want to talk to a human')] }),
    );
    expect(summary).toBe(
      [
        'Handoff reason: the customer asked for a person',
        '',
        'What the customer asks:',
        '- “I want to talk to a human”',
      ].join('\n'),
    );
  });

  it('speaks Portuguese', () => {
    const summary = buildSummary(
      input({
        language: 'pt',
        reason: 'intent',
        category: 'Reclamações',
        transcript: [customer('Quero reclamar, paguei R$ 99,90 e não chegou'), bot('Vou te transferir.')],
      }),
    );
    expect(summary).toBe(
      [
        'Motivo da transferência: a solicitação precisa de uma pessoa',
        '',
        'Categoria: Reclamações',
        '',
        'O que o cliente pede:',
        '- “Quero reclamar, paguei R$ 99,90 e não chegou”',
        '',
        'Dados mencionados:',
        '- Valores: R$ 99,90',
        '',
        'O que o bot respondeu:',
        '- “Vou te transferir.”',
      ].join('\n'),
    );
  });

  it.each(['es', 'en', 'pt'] as const)('names every handoff reason in %s', (language) => {
    for (const reason of ['requested', 'fallbacks', 'intent', 'out_of_hours', 'agent'] as const) {
      const summary = buildSummary(input({ language, reason }));
      expect(summary).toBe(`${SUMMARY_LABELS[language].reason}: ${SUMMARY_LABELS[language].reasons[reason]}`);
    }
  });

  it('quotes the first customer message and the last three different ones, repeats once', () => {
    const summary = buildSummary(
      input({
        transcript: ['hola', 'uno', 'dos', 'HOLA', 'tres', 'dos', 'cuatro'].map(customer),
      }),
    );
    expect(summary).toBe(
      ['Lo que pide el cliente:', '- “hola”', '- “tres”', '- “dos”', '- “cuatro”'].join('\n'),
    );
  });

  it('keeps only the bot’s last two answers and ignores agents', () => {
    const summary = buildSummary(
      input({
        transcript: [bot('a'), bot('b'), line('agent', 'nota del agente'), bot('c')],
      }),
    );
    expect(summary).toBe(['Lo que respondió el bot:', '- “b”', '- “c”'].join('\n'));
  });

  it('finds details over all customer lines, not the bot’s, each once', () => {
    const summary = buildSummary(
      input({
        transcript: [
          customer('pedido 98765'),
          bot('¿Tu pedido es el 11111?'),
          customer('sí, el pedido 98765, mi cel 55 1234 5678'),
          customer('gracias'),
        ],
      }),
    );
    expect(summary).toContain('- Pedidos: 98765\n- Teléfonos: 55 1234 5678');
    expect(summary).not.toContain('11111\n');
    expect(summary).not.toContain('Pedidos: 98765, ');
  });

  it('collapses the whitespace of a quote and cuts a long one with "…"', () => {
    const long = `necesito   ayuda\ncon ${'mucho '.repeat(100)}`;
    const summary = buildSummary(input({ transcript: [customer(long)] }));
    const quoted = summary.split('\n')[1];
    expect(quoted.startsWith('- “necesito ayuda con mucho')).toBe(true);
    expect(quoted.endsWith('…”')).toBe(true);
    expect(quoted.length).toBeLessThanOrEqual(300 + 4);
  });

  it('stays within the handoff summary limit, emoji included', () => {
    const huge = '🙂'.repeat(3000);
    const summary = buildSummary(
      input({
        reason: 'requested',
        category: 'x'.repeat(100),
        transcript: [customer(huge), customer(`a ${huge}`), customer(`b ${huge}`), customer(`c ${huge}`)],
        previousSummary: huge,
      }),
    );
    expect(summary.length).toBeLessThanOrEqual(BOT_LIMITS.handoffSummary);
    expect(summary).toContain('Resumen anterior del agente:');
    expect(summary.endsWith('…')).toBe(true);
    expect(summary).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('lists ten values per kind at most and cuts the whole text last', () => {
    const many = (make: (i: number) => string) => Array.from({ length: 12 }, (_, i) => make(i)).join(' ');
    const details = [
      many((i) => `#${'7'.repeat(60)}${i}`),
      many((i) => `${'correo'.repeat(9)}${i}@example.com`),
      many((i) => `$${'999,'.repeat(12)}99${i}`),
      many((i) => `+52 55 ${1000 + i} ${5000 + i}`),
    ].join('\n');
    const summary = buildSummary(
      input({
        reason: 'requested',
        transcript: [customer(details), bot('b'.repeat(500)), bot('c'.repeat(500))],
        previousSummary: 'x'.repeat(2000),
      }),
    );
    expect(summary.length).toBeLessThanOrEqual(BOT_LIMITS.handoffSummary);
    expect(summary.length).toBeGreaterThan(BOT_LIMITS.handoffSummary - 10);
    expect(summary.startsWith('Motivo del traspaso: el cliente pidió hablar con una persona')).toBe(true);
    expect(summary.endsWith('…')).toBe(true);
    const orders = summary.split('\n').find((text) => text.startsWith('- Pedidos: '));
    expect(orders?.split(', ')).toHaveLength(10);
    expect(orders).toContain(`, #${'7'.repeat(58)}…, `);
  });

  it('is empty for an empty conversation and is deterministic', () => {
    expect(buildSummary(input({}))).toBe('');
    const same = input({ reason: 'agent', transcript: [customer('hola, pedido #123')] });
    expect(buildSummary(same)).toBe(buildSummary(same));
  });

  it('takes other labels when given', () => {
    const labels = { ...SUMMARY_LABELS.en, category: 'Topic' };
    expect(buildSummary(input({ category: 'Sales' }), labels)).toBe('Topic: Sales');
  });
});
