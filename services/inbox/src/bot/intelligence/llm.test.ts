import { createLogger, RemoteCallInTransactionError, runInTransactionScope } from '@inbox/platform';
import { createIntelligence, type SummaryInput } from '.';
import type { LlmOptions } from './llm-client';
import { startFakeLlmServer, type FakeLlmServer } from './testing/fake-llm-server';
import { modelConfig } from './testing/model-config';

let server: FakeLlmServer;
let warnings: Array<{ operation: string; reason: string }>;

beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  warnings = [];
});

function llm(options: Partial<LlmOptions> = {}) {
  const logger = createLogger('llm-test', 'warn', {
    write: (line: string) => void warnings.push(JSON.parse(line) as (typeof warnings)[number]),
  });
  const llmOptions = { baseUrl: server.baseUrl, model: 'test-model', timeoutMs: 2000, ...options };
  return createIntelligence({ llm: llmOptions, logger });
}

const BILLING = ['hola', 'me cobraron dos veces la compra'];
const summaryInput: SummaryInput = {
  language: 'es',
  transcript: [
    { from: 'customer', text: 'Me cobraron dos veces el pedido 4821', at: new Date() },
    { from: 'bot', text: 'Perdón, no entendí.', at: new Date() },
    { from: 'customer', text: 'quiero hablar con un agente', at: new Date() },
  ],
  reason: 'requested',
  category: 'Facturación',
  previousSummary: null,
};

describe('LlmIntelligence.classifyCategory', () => {
  it('takes a category from the list (any case), asking with the list, JSON mode and temperature 0', async () => {
    server.answer({ json: { category: 'garantías', confidence: 0.92 } });
    const result = await llm().classifyCategory(modelConfig(), BILLING);
    expect(result).toEqual({ category: 'Garantías', confidence: 0.92, engine: 'llm' });
    const [request] = server.requests;
    expect(request).toMatchObject({
      operation: 'category',
      body: { model: 'test-model', temperature: 0, response_format: { type: 'json_object' } },
    });
    const data = JSON.parse(request!.body.messages!.find((m) => m.role === 'user')!.content) as {
      categories: Array<{ name: string }>;
      customerMessages: string[];
    };
    expect(data.categories.map((c) => c.name)).toEqual(['Facturación', 'Envíos', 'Garantías']);
    expect(data.customerMessages).toEqual(BILLING);
    expect(warnings).toEqual([]);
  });

  it('reads an answer wrapped in a Markdown code fence', async () => {
    server.answer({ content: '```json\n{"category": "Envíos", "confidence": 0.6}\n```' });
    expect(await llm().classifyCategory(modelConfig(), BILLING)).toMatchObject({
      category: 'Envíos',
      engine: 'llm',
    });
  });

  it('takes "no category" from the model', async () => {
    server.answer({ json: { category: null, confidence: 0.8 } });
    expect(await llm().classifyCategory(modelConfig(), BILLING)).toEqual({
      category: null,
      confidence: 0.8,
      engine: 'llm',
    });
  });

  it.each([
    ['a category off the list', { json: { category: 'Ventas', confidence: 0.99 } }, 'off_list'],
    ['invalid JSON', { content: 'Facturación, I think' }, 'invalid_answer'],
    ['an answer without confidence', { json: { category: 'Facturación' } }, 'invalid_answer'],
    ['an HTTP 500', { status: 500, body: 'upstream exploded' }, 'status'],
  ])('answers the built-in category on %s, with a warning', async (_case, reply, reason) => {
    server.answer(reply);
    const result = await llm().classifyCategory(modelConfig(), BILLING);
    expect(result).toMatchObject({ category: 'Facturación', engine: 'builtin' });
    expect(server.requests).toHaveLength(1);
    expect(warnings).toEqual([expect.objectContaining({ operation: 'classifyCategory', reason })]);
  });

  it('answers the built-in category within the timeout when the model is slow', async () => {
    server.answer({ delayMs: 3000, then: { json: { category: 'Garantías', confidence: 1 } } });
    const started = Date.now();
    const result = await llm({ timeoutMs: 200 }).classifyCategory(modelConfig(), BILLING);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result).toMatchObject({ category: 'Facturación', engine: 'builtin' });
    expect(warnings).toEqual([expect.objectContaining({ reason: 'timeout' })]);
  });

  it('sends the API key as a Bearer token, and no authorization without one', async () => {
    server.answer({ json: { category: 'Envíos', confidence: 0.7 } });
    await llm({ apiKey: 'sk-test-123' }).classifyCategory(modelConfig(), BILLING);
    await llm().classifyCategory(modelConfig(), BILLING);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-test-123', undefined]);
  });

  it('stops asking a failing model for a while (circuit breaker)', async () => {
    server.answer({ status: 503 });
    const intelligence = llm();
    for (let i = 0; i < 7; i++) await intelligence.classifyCategory(modelConfig(), BILLING);
    expect(server.requests).toHaveLength(5);
    expect(warnings.map((w) => w.reason).slice(-2)).toEqual(['circuit_open', 'circuit_open']);
  });

  it('refuses to call the model inside a database transaction', async () => {
    server.answer({ json: { category: 'Envíos', confidence: 0.7 } });
    await expect(
      runInTransactionScope(() => llm().classifyCategory(modelConfig(), BILLING)),
    ).rejects.toBeInstanceOf(RemoteCallInTransactionError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('LlmIntelligence.recognizeIntent', () => {
  it('does not ask the model when the built-in classifier is confident', async () => {
    const result = await llm().recognizeIntent(modelConfig(), 'a qué hora abren?');
    expect(result).toMatchObject({ intent: { name: 'horario' }, engine: 'builtin' });
    expect(server.requests).toHaveLength(0);
  });

  it('asks the model to pick from the list when the built-in classifier is unsure', async () => {
    server.answer({ json: { intent: 'FACTURA', confidence: 0.9 } });
    const result = await llm().recognizeIntent(modelConfig(), 'ocupo el comprobante fiscal de lo que pagué');
    expect(result).toMatchObject({
      intent: { name: 'factura' },
      confidence: 0.9,
      language: 'es',
      engine: 'llm',
    });
    expect(server.requests.map((r) => r.operation)).toEqual(['intent']);
  });

  it.each([
    ['"none"', { json: { intent: 'none', confidence: 0.9 } }, 'llm', []],
    ['a low confidence', { json: { intent: 'factura', confidence: 0.2 } }, 'llm', []],
    ['an intent off the list', { json: { intent: 'reembolso', confidence: 0.9 } }, 'builtin', ['off_list']],
    ['invalid JSON', { content: '{"intent": ' }, 'builtin', ['invalid_answer']],
  ])('recognizes no intent on %s', async (_case, reply, engine, reasons) => {
    server.answer(reply);
    const result = await llm().recognizeIntent(modelConfig(), 'me gusta mucho el futbol');
    expect(result).toMatchObject({ intent: null, engine });
    expect(warnings.map((w) => w.reason)).toEqual(reasons);
  });
});

describe('LlmIntelligence.summarize', () => {
  it('asks for the Chatwoot sections in the customer’s language', async () => {
    server.answer({ json: { summary: 'Intención del cliente\nReembolso del cobro doble del pedido 4821.' } });
    const result = await llm().summarize(summaryInput);
    expect(result).toEqual({
      summary: 'Intención del cliente\nReembolso del cobro doble del pedido 4821.',
      source: 'llm',
    });
    const system = server.requests[0]!.body.messages![0]!.content;
    expect(system).toContain('Spanish');
    expect(system).toContain('"Acciones pendientes"');
    expect(server.requests[0]!.operation).toBe('summary');
  });

  it.each([
    ['an empty summary', { json: { summary: '  ' } }, 'empty'],
    ['an HTTP 500', { status: 500 }, 'status'],
  ])('writes the built-in summary on %s', async (_case, reply, reason) => {
    server.answer(reply);
    const result = await llm().summarize(summaryInput);
    expect(result.source).toBe('builtin');
    expect(result.summary).toContain('4821');
    expect(warnings).toEqual([expect.objectContaining({ operation: 'summarize', reason })]);
  });
});
