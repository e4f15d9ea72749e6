import OpenAI from 'openai';
import type { ChainGenerators } from './generators.ts';
import { createLlmDocumentGenerator } from './llm-document-generator.ts';
import { createLlmOutlineGenerator } from './llm-outline-generator.ts';
import { createLlmSummaryGenerator } from './llm-summary-generator.ts';

/** How to reach an OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, LM Studio, …). */
export interface LlmGeneratorOptions {
  /** The API root including `/v1`, e.g. `http://127.0.0.1:11434/v1` for Ollama. */
  readonly baseURL: string;
  /** Sent as a bearer token; local servers accept any value. */
  readonly apiKey: string;
  readonly model: string;
  /** A fetch to use instead of the global one. */
  readonly fetch?: typeof globalThis.fetch;
  /** Per-request timeout (default 120 s: local models can be slow). */
  readonly timeoutMs?: number;
}

/**
 * Generators backed by an OpenAI-compatible model through the official SDK, using only chat completions.
 * @example
 * const { outline } = createLlmGenerators({ baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'ollama', model: 'llama3.2' });
 */
export function createLlmGenerators(options: LlmGeneratorOptions): ChainGenerators {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    timeout: options.timeoutMs ?? 120_000,
    maxRetries: 1,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const model = { client, model: options.model };
  return {
    outline: createLlmOutlineGenerator(model),
    document: createLlmDocumentGenerator(model),
    summary: createLlmSummaryGenerator(model),
  };
}
