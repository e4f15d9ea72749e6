/** @baton/doc-agent: the second step of the chain, an outline in, a streamed document out. */
export { createDocAgent, createDocExecutor, type DocAgentOptions } from './doc-agent.ts';
export { DOC_AGENT_CARD } from './document-card.ts';
export { type StreamDocumentInput, streamDocument } from './stream-document.ts';
