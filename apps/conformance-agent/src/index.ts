/** conformance-agent: an A2A agent that plays the scenarios of the conformance kit (a2aproject/a2a-tck). */

export { CONFORMANCE_CARD, EXTENDED_CARD } from './conformance-card.ts';
export {
  artifactPart,
  type ConformanceTiming,
  createConformanceExecutor,
  DEFAULT_TIMING,
} from './conformance-executor.ts';
export {
  type ArtifactKind,
  type Behaviour,
  behaviourFor,
  CONTRACT,
  type ContractRow,
  DATA_VALUE,
  FILE_CONTENT,
  FILE_MEDIA_TYPE,
  FILE_NAME,
  FILE_URL,
  INPUT_QUESTION,
} from './contract.ts';
export {
  type ConformanceAgentOptions,
  createConformanceAgent,
  KIT_REQUIRED_EXTENSION,
  LOOPBACK_WEBHOOKS,
} from './create-conformance-agent.ts';
