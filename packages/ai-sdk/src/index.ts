/**
 * @baton/ai-sdk: the Vercel AI SDK and A2A, both ways. `a2a(url)` makes any A2A agent an AI SDK language model
 * (`generateText`, `streamText`); `aiSdkExecutor({ model, system, tools })` makes any AI SDK model an A2A agent.
 *
 * @example
 * import { a2a } from '@baton/ai-sdk';
 * const { text } = await generateText({ model: a2a('http://127.0.0.1:4000'), prompt: 'Plan a trip to Lisbon' });
 */
export { type A2AModelSettings, a2a } from './a2a-language-model.ts';
export { type AiSdkExecutorOptions, aiSdkExecutor } from './ai-sdk-executor.ts';
export { type A2AContinuation, type PromptMessage, promptToMessage } from './prompt-to-message.ts';
