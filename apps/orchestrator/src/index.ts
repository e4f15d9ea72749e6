/**
 * @baton/orchestrator: runs Baton's demo chain (topic → outline → document → summary) over three A2A agents
 * found by skill id, behind a small runs API and as an A2A agent itself (skill `baton.chain`).
 *
 * @example
 * import { createOrchestrator } from '@baton/orchestrator';
 * const app = createOrchestrator({ agents: ['http://127.0.0.1:4101', 'http://127.0.0.1:4102', 'http://127.0.0.1:4103'] });
 */
export { CHAIN_SKILL_ID, createChainAgent } from './a2a/create-chain-agent.ts';
export { OrchestratorConfigSchema, readAgentUrls } from './config/read-agent-urls.ts';
export { createOrchestrator, type Orchestrator, type OrchestratorOptions } from './create-orchestrator.ts';
export {
  type AgentDirectory,
  type ChainAgent,
  createAgentDirectory,
  waitForAgents,
} from './discovery/agent-directory.ts';
export { createBullmqRunEngine } from './engine/bullmq-run-engine.ts';
export { createInProcessRunEngine } from './engine/in-process-run-engine.ts';
export type { RunDriver, RunEngine } from './engine/run-engine.ts';
export { AnswerBodySchema, StartRunBodySchema } from './http/create-runs-routes.ts';
export { ChainError, type ChainErrorCode } from './run/chain-error.ts';
export { createRun, type Run } from './run/create-run.ts';
export { createPostgresRunRecords } from './run/postgres-run-records.ts';
export { createInMemoryRunRecords, type RunRecords, type StoredRun } from './run/run-records.ts';
export { createRunService, type RunService } from './run/run-service.ts';
export type { RunEvent, RunStatus, RunView, StepView } from './run/run-types.ts';
export { createSqliteRunRecords } from './run/sqlite-run-records.ts';
