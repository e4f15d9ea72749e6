/** @baton/summary-agent: the last step of the chain, a document (or any text) in, a summary out. */
export { documentFromText } from './document-from-text.ts';
export { createSummaryAgent, createSummaryExecutor, type SummaryAgentOptions } from './summary-agent.ts';
export { SUMMARY_AGENT_CARD } from './summary-card.ts';
