/** @baton/outline-agent: the first step of the chain, a topic in, an outline out. */

export {
  createOutlineAgent,
  createOutlineExecutor,
  type OutlineAgentOptions,
  TOPIC_QUESTION,
} from './outline-agent.ts';
export { OUTLINE_AGENT_CARD } from './outline-card.ts';
