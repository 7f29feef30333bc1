import { randomBytes } from 'node:crypto';
import { loadConfig } from '@inbox/platform';
import { z } from 'zod';
import { inboxConfigSchema, llmEnv, llmOptions } from './config';

const llmConfig = (env: NodeJS.ProcessEnv) => loadConfig(z.object(llmEnv), env);

describe('LLM_* configuration', () => {
  it('leaves the model out when LLM_BASE_URL is unset or empty', () => {
    expect(llmOptions(llmConfig({}))).toBeUndefined();
    expect(llmOptions(llmConfig({ LLM_BASE_URL: '', LLM_API_KEY: 'sk-1' }))).toBeUndefined();
  });

  it('configures the model with defaults', () => {
    expect(llmOptions(llmConfig({ LLM_BASE_URL: 'http://ollama:11434/v1' }))).toEqual({
      baseUrl: 'http://ollama:11434/v1',
      apiKey: undefined,
      model: 'gpt-4o-mini',
      timeoutMs: 8000,
    });
  });

  it.each([
    [{ LLM_BASE_URL: 'ftp://model.example.com' }, 'LLM_BASE_URL'],
    [{ LLM_TIMEOUT_MS: '0' }, 'LLM_TIMEOUT_MS'],
    [{ LLM_API_KEY: 'change-me' }, 'LLM_API_KEY is an example value'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => llmConfig(env)).toThrow(message);
  });
});

describe('rotation of INBOX_ENCRYPTION_KEY and INTERNAL_AUTH_SECRET', () => {
  const BASE = {
    DATABASE_URL: 'postgres://postgres@db:5432/inbox',
    AMQP_URL: 'amqp://guest:guest@mq:5672',
    INTERNAL_AUTH_SECRET: 'an-internal-secret-of-at-least-32-characters',
    INBOX_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const hex = randomBytes(32).toString('hex');
  const base64 = randomBytes(32).toString('base64');

  it('takes no previous key or secret unless given (unset or empty)', () => {
    for (const env of [
      BASE,
      { ...BASE, INBOX_PREVIOUS_ENCRYPTION_KEYS: '', INTERNAL_AUTH_SECRET_PREVIOUS: '' },
    ]) {
      const config = loadConfig(inboxConfigSchema, env);
      expect(config.INBOX_PREVIOUS_ENCRYPTION_KEYS).toEqual([]);
      expect(config.INTERNAL_AUTH_SECRET_PREVIOUS).toBeUndefined();
    }
  });

  it('takes previous keys, comma-separated, hex or base64, and a previous internal secret', () => {
    const config = loadConfig(inboxConfigSchema, {
      ...BASE,
      INBOX_PREVIOUS_ENCRYPTION_KEYS: `${hex}, ${base64}`,
      INTERNAL_AUTH_SECRET_PREVIOUS: 'the-previous-internal-secret-of-32-characters',
    });
    expect(config.INBOX_PREVIOUS_ENCRYPTION_KEYS).toEqual([hex, base64]);
    expect(config.INTERNAL_AUTH_SECRET_PREVIOUS).toBe('the-previous-internal-secret-of-32-characters');
  });

  it.each([
    [
      { INBOX_PREVIOUS_ENCRYPTION_KEYS: `${hex},abcd` },
      'INBOX_PREVIOUS_ENCRYPTION_KEYS: each key must be 32 bytes',
    ],
    [{ INBOX_PREVIOUS_ENCRYPTION_KEYS: 'replace-with-64-hex-characters' }, 'INBOX_PREVIOUS_ENCRYPTION_KEYS'],
    [
      { INTERNAL_AUTH_SECRET_PREVIOUS: 'short' },
      'INTERNAL_AUTH_SECRET_PREVIOUS must be at least 32 characters',
    ],
    [
      { INTERNAL_AUTH_SECRET_PREVIOUS: 'replace-with-32-or-more-random-characters' },
      'INTERNAL_AUTH_SECRET_PREVIOUS is an example value',
    ],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(inboxConfigSchema, { ...BASE, ...env })).toThrow(message);
  });
});
