import { loadConfig } from '@inbox/platform';
import { z } from 'zod';
import { llmEnv, llmOptions } from './config';

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
