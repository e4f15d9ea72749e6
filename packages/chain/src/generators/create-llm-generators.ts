import OpenAI from 'openai';
import type { ChainGenerators } from './generators.ts';
import { createLlmDocumentGenerator } from './llm-document-generator.ts';
import { createLlmOutlineGenerator } from './llm-outline-generator.ts';
import { createLlmSummaryGenerator } from './llm-summary-generator.ts';
import type { ModelConnection } from './model-call.ts';

/** How to reach an OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, LM Studio, …). */
export interface LlmGeneratorOptions {
  /** The API root including `/v1`, e.g. `http://127.0.0.1:11434/v1` for Ollama. */
  readonly baseURL: string;
  /** Sent as a bearer token; local servers accept any value. */
  readonly apiKey: string;
  readonly model: string;
  /** A fetch to use instead of the global one. */
  readonly fetch?: typeof globalThis.fetch;
  /** Per-request timeout (default 30 s, a chat model's answer or its first token). */
  readonly timeoutMs?: number;
  /** Requests per call, the first included (default 3): 429, 5xx, timeouts and refused connections are retried. */
  readonly attempts?: number;
  /** The longest `Retry-After` honoured (default 60 s); a server asking for more fails the step at once. */
  readonly maxRetryAfterMs?: number;
}

/**
 * Generators backed by an OpenAI-compatible model through the official SDK, using only chat completions.
 * @example
 * const { outline } = createLlmGenerators({ baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'ollama', model: 'llama3.2' });
 */
export function createLlmGenerators(options: LlmGeneratorOptions): ChainGenerators {
  const model = createModelConnection(options);
  return {
    outline: createLlmOutlineGenerator(model),
    document: createLlmDocumentGenerator(model),
    summary: createLlmSummaryGenerator(model),
  };
}

/** A connection to an OpenAI-compatible model, as the generators (and the orchestrator's planner) use one. */
export function createModelConnection(options: LlmGeneratorOptions): ModelConnection {
  const timeoutMs = options.timeoutMs ?? 30_000;
  // The SDK's own retries are off: callModel retries, honouring Retry-After and saying so in the task's status.
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    timeout: timeoutMs,
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const model: ModelConnection = {
    client,
    model: options.model,
    baseURL: options.baseURL,
    timeoutMs,
    attempts: options.attempts ?? 3,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    secret: options.apiKey,
  };
  return model;
}
