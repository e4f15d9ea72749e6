import { createLlmGenerators, type LlmGeneratorOptions } from './create-llm-generators.ts';
import { createExtractiveSummaryGenerator } from './extractive-summary-generator.ts';
import type { ChainGenerators } from './generators.ts';
import { createOfflineDocumentGenerator } from './offline-document-generator.ts';
import { createOfflineOutlineGenerator } from './offline-outline-generator.ts';

/** The generators the environment selects, with which kind they are and a line to log at startup. */
export interface SelectedGenerators extends ChainGenerators {
  readonly kind: 'offline' | 'llm';
  readonly describe: string;
}

/** The offline generators: deterministic, no model, no network. */
export function createOfflineGenerators(options: { readonly chunkDelayMs?: number } = {}): ChainGenerators {
  return {
    outline: createOfflineOutlineGenerator(),
    document: createOfflineDocumentGenerator(options),
    summary: createExtractiveSummaryGenerator(),
  };
}

/**
 * Picks the generators from the environment: an OpenAI-compatible model when `BATON_LLM_BASE_URL` (or
 * `OPENAI_BASE_URL`) and `BATON_LLM_MODEL` are set, the offline generators otherwise. Also reads
 * `BATON_LLM_API_KEY` / `OPENAI_API_KEY` (default `not-needed`) and `BATON_LLM_TIMEOUT_MS`; offline,
 * `BATON_OFFLINE_CHUNK_DELAY_MS` paces the document's chunks.
 * @example
 * const generators = createGeneratorsFromEnv();
 * console.log(`Generators: ${generators.describe}`);
 */
export function createGeneratorsFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): SelectedGenerators {
  const settings = llmSettingsFromEnv(env);
  if (settings === undefined) {
    const pace = env.BATON_OFFLINE_CHUNK_DELAY_MS?.trim() || undefined;
    const chunkDelayMs = pace === undefined ? 0 : Number(pace);
    if (!Number.isInteger(chunkDelayMs) || chunkDelayMs < 0 || chunkDelayMs > 60_000) {
      throw new Error(
        `BATON_OFFLINE_CHUNK_DELAY_MS must be a whole number of milliseconds from 0 to 60000, got ${pace}`,
      );
    }
    return {
      ...createOfflineGenerators({ chunkDelayMs }),
      kind: 'offline',
      describe: `offline generators (no model, deterministic${chunkDelayMs > 0 ? `, a chunk every ${chunkDelayMs} ms` : ''})`,
    };
  }
  return {
    ...createLlmGenerators(settings),
    kind: 'llm',
    describe: `LLM generators: model ${settings.model} at ${settings.baseURL}`,
  };
}

/**
 * The OpenAI-compatible model the environment configures, or `undefined` for none: `BATON_LLM_BASE_URL` (or
 * `OPENAI_BASE_URL`) and `BATON_LLM_MODEL`, with `BATON_LLM_API_KEY` / `OPENAI_API_KEY` (default `not-needed`)
 * and `BATON_LLM_TIMEOUT_MS`. Throws, saying what to set, when only half of it is there or a value is wrong.
 */
export function llmSettingsFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): LlmGeneratorOptions | undefined {
  const read = (name: string) => env[name]?.trim() || undefined;
  const baseURL = read('BATON_LLM_BASE_URL') ?? read('OPENAI_BASE_URL');
  const model = read('BATON_LLM_MODEL');
  if (!baseURL && !model) return undefined;
  if (!baseURL) {
    throw new Error(
      'BATON_LLM_MODEL is set but no base URL: set BATON_LLM_BASE_URL too (e.g. https://api.openai.com/v1, or http://127.0.0.1:11434/v1 for Ollama), or unset BATON_LLM_MODEL for the offline generators',
    );
  }
  if (!model) {
    throw new Error(
      `An LLM base URL is set (${baseURL}) but BATON_LLM_MODEL is not: set it to the model to use (e.g. gpt-4o-mini, llama3.2), or unset BATON_LLM_BASE_URL and OPENAI_BASE_URL for the offline generators`,
    );
  }
  if (!URL.canParse(baseURL)) throw new Error(`The LLM base URL is not a URL: ${baseURL}`);
  const timeout = read('BATON_LLM_TIMEOUT_MS');
  const timeoutMs = timeout === undefined ? undefined : Number(timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new Error(`BATON_LLM_TIMEOUT_MS must be a positive whole number of milliseconds, got ${timeout}`);
  }
  return {
    baseURL,
    model,
    apiKey: read('BATON_LLM_API_KEY') ?? read('OPENAI_API_KEY') ?? 'not-needed',
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}
