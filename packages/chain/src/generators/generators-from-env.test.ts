import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAiStandIn } from '../testing/openai-stand-in.ts';
import { createGeneratorsFromEnv } from './generators-from-env.ts';

const signal = new AbortController().signal;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('createGeneratorsFromEnv', () => {
  it('selects the offline generators when nothing is configured', async () => {
    const generators = createGeneratorsFromEnv({ BATON_LLM_BASE_URL: '  ', OPENAI_API_KEY: 'sk-unused' });
    expect(generators.kind).toBe('offline');
    expect(generators.describe).toMatch(/offline/);
    const outline = await generators.outline.outline({ topic: 'tea', options: {}, signal });
    expect(outline.topic).toBe('tea');
  });

  it('paces the offline document by BATON_OFFLINE_CHUNK_DELAY_MS, and stops waiting when aborted', async () => {
    const generators = createGeneratorsFromEnv({ BATON_OFFLINE_CHUNK_DELAY_MS: '40' });
    expect(generators.describe).toMatch(/a chunk every 40 ms/);
    const outline = await generators.outline.outline({ topic: 'tea', options: {}, signal });
    const started = performance.now();
    const times: number[] = [];
    for await (const _chunk of generators.document.write({ outline, signal })) times.push(performance.now());
    // Each chunk waited its turn (a lower bound only: a loaded machine may be slower, never faster).
    expect(times.length).toBeGreaterThan(2);
    expect((times.at(-1) ?? 0) - started).toBeGreaterThanOrEqual(40 * times.length - 5);
    const stop = new AbortController();
    const writing = (async () => {
      for await (const _chunk of generators.document.write({ outline, signal: stop.signal })) stop.abort();
    })();
    await expect(writing).rejects.toBeDefined();
  });

  it.each([
    [{ BATON_OFFLINE_CHUNK_DELAY_MS: 'slow' }, /BATON_OFFLINE_CHUNK_DELAY_MS/],
    [{ BATON_LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }, /BATON_LLM_MODEL is not/],
    [{ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }, /BATON_LLM_MODEL is not/],
    [{ BATON_LLM_MODEL: 'llama3.2' }, /no base URL: set BATON_LLM_BASE_URL/],
    [{ BATON_LLM_BASE_URL: 'not a url', BATON_LLM_MODEL: 'm' }, /not a URL/],
    [
      { BATON_LLM_BASE_URL: 'http://127.0.0.1/v1', BATON_LLM_MODEL: 'm', BATON_LLM_TIMEOUT_MS: 'soon' },
      /TIMEOUT_MS/,
    ],
  ])('rejects the partial or broken configuration %j', (env, message) => {
    expect(() => createGeneratorsFromEnv(env)).toThrow(message);
  });

  it.each([
    ['BATON_LLM_BASE_URL', 'BATON_LLM_API_KEY', 'Bearer sk-baton'],
    ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'Bearer sk-baton'],
    ['BATON_LLM_BASE_URL', 'UNRELATED', 'Bearer not-needed'],
  ])('selects the model at %s with the key from %s', async (urlName, keyName, authorization) => {
    const standIn = await startOpenAiStandIn([{ content: '{"summary": "Short.", "keyPoints": ["One"]}' }]);
    close = standIn.close;
    const generators = createGeneratorsFromEnv({
      [urlName]: standIn.baseURL,
      [keyName]: 'sk-baton',
      BATON_LLM_MODEL: 'qwen2.5',
    });
    expect(generators.kind).toBe('llm');
    expect(generators.describe).toBe(`LLM generators: model qwen2.5 at ${standIn.baseURL}`);
    const document = {
      title: 'T',
      sections: [{ heading: 'H', markdown: 'Text.' }],
      markdown: '# T\n\nText.',
      wordCount: 2,
    };
    await generators.summary.summarize({ document, signal });
    expect(standIn.requests[0]?.headers.authorization).toBe(authorization);
    expect(standIn.requests[0]?.body.model).toBe('qwen2.5');
  });
});
