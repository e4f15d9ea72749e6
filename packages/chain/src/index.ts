/**
 * @baton/chain: what the outline, doc and summary agents and the orchestrator share — the artifact contracts
 * between the steps (validated at every boundary), the skill ids agents are discovered by, the generators, and
 * `runChainAgent` (one agent of the chain as a process, on `@baton/agent-host`).
 */

export * from './contracts/artifact-data.ts';
export * from './contracts/document.ts';
export * from './contracts/instruction-part.ts';
export * from './contracts/outline.ts';
export * from './contracts/sections.ts';
export * from './contracts/skills.ts';
export * from './contracts/summary.ts';
export * from './generators/create-llm-generators.ts';
export * from './generators/extractive-summary-generator.ts';
export * from './generators/generators.ts';
export * from './generators/generators-from-env.ts';
export * from './generators/instruction.ts';
export { type LlmJsonRequest, requestLlmJson } from './generators/llm-json-request.ts';
export * from './generators/markdown-sentences.ts';
export type { ModelConnection } from './generators/model-call.ts';
export * from './generators/offline-document-generator.ts';
export * from './generators/offline-outline-generator.ts';
export { STOP_WORDS } from './generators/stop-words.ts';
export { loadKnowledgeSource } from './knowledge/knowledge-source.ts';
export type { KnowledgeSource } from './knowledge/topic-knowledge.ts';
export * from './run-chain-agent.ts';
