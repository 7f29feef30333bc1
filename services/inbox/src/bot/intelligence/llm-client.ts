import { assertOutsideTransaction } from '@inbox/platform';
import { z } from 'zod';

/** An OpenAI-compatible server (OpenAI, Azure's /openai/v1, Ollama, vLLM, LiteLLM…). */
export interface LlmOptions {
  /** Up to the version segment, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export type LlmFailure = 'timeout' | 'network' | 'status' | 'invalid_response' | 'invalid_answer';

/** Why the model gave no usable answer; the caller falls back to the built-in path. */
export class LlmError extends Error {
  constructor(
    readonly failure: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/**
 * One chat completion whose answer is a JSON object checked by `answer`: temperature 0 and JSON
 * mode, so the same question gets the same kind of answer; the timeout covers the whole exchange.
 */
export async function chatJson<T>(
  options: LlmOptions,
  messages: ChatMessage[],
  answer: z.ZodType<T>,
): Promise<T> {
  assertOutsideTransaction('LLM chat completion');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const body = JSON.stringify({
    model: options.model,
    messages,
    temperature: 0,
    response_format: { type: 'json_object' },
  });
  let status: number;
  let text: string;
  try {
    const res = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (cause) {
    const name = (cause as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new LlmError('timeout', `no answer within ${options.timeoutMs} ms`);
    throw new LlmError('network', `request failed: ${(cause as Error).message}`);
  }
  if (status < 200 || status > 299) throw new LlmError('status', `HTTP ${status}: ${text.slice(0, 200)}`);
  const completion = completionSchema.safeParse(parseJson(text));
  if (!completion.success) throw new LlmError('invalid_response', 'not a chat completion');
  const content = completion.data.choices[0]!.message.content ?? '';
  const parsed = answer.safeParse(parseJson(stripFences(content)));
  if (!parsed.success) throw new LlmError('invalid_answer', `answer does not fit: ${content.slice(0, 200)}`);
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Servers without JSON mode sometimes wrap the object in a Markdown code fence. */
function stripFences(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced ? fenced[1]! : content;
}
