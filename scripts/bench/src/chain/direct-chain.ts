/** The chain driven by the bench itself: the orchestrator's three agent calls, without the orchestrator. */
import {
  CHAIN_ARTIFACTS,
  CHAIN_STEPS,
  type ChainStep,
  contractPart,
  DocumentSchema,
  OutlineSchema,
  readContract,
  SummarySchema,
} from '@baton/chain';
import {
  type A2AClient,
  createA2AClient,
  createArtifactAssembler,
  textPart,
  userMessage,
} from '@baton/client';
import { createId, type JsonValue, type Part, type TaskState } from '@baton/protocol';

const CONTRACTS = { outline: OutlineSchema, document: DocumentSchema, summary: SummarySchema } as const;

/** The parts the orchestrator sends each step (its `partsFor`, without outline options). */
function partsFor(step: ChainStep, topic: string, previous: unknown): Part[] {
  if (step === 'outline') return [textPart(topic)];
  const instruction =
    step === 'document' ? 'Write the document for this outline.' : 'Summarize this document.';
  return [textPart(instruction), contractPart(previous as JsonValue)];
}

/** Streams one step to completion and returns its task id and its validated contract value. */
async function runStep(
  client: A2AClient,
  step: ChainStep,
  parts: Part[],
  contextId: string,
  referenceTaskIds: readonly string[],
): Promise<{ taskId: string; value: unknown }> {
  const message = userMessage(parts, { contextId, referenceTaskIds });
  const assembler = createArtifactAssembler();
  let taskId: string | undefined;
  let state: TaskState | undefined;
  for await (const event of client.streamMessage({ message })) {
    assembler.feed(event);
    if ('message' in event) throw new Error(`the ${step} agent answered without a task`);
    if ('task' in event) [taskId, state] = [event.task.id, event.task.status.state];
    if ('statusUpdate' in event)
      [taskId, state] = [event.statusUpdate.taskId, event.statusUpdate.status.state];
  }
  if (taskId === undefined || state !== 'TASK_STATE_COMPLETED') {
    throw new Error(`the ${step} step ended ${state ?? 'without a task'}`);
  }
  const name = CHAIN_ARTIFACTS[step];
  let artifact = assembler.artifacts().find((candidate) => candidate.name === name);
  // As the orchestrator does: fall back to the task when the stream did not carry the artifact.
  artifact ??= (await client.getTask(taskId)).artifacts?.find((candidate) => candidate.name === name);
  if (artifact === undefined) throw new Error(`the ${step} step completed without a "${name}" artifact`);
  return { taskId, value: readContract(artifact, CONTRACTS[step], name) };
}

/** Runs whole chains directly against the agents. */
export interface DirectChain {
  /** Runs outline → document → summary for `topic` in a fresh context; resolves with the summary, throws on failure. */
  run(topic: string): Promise<unknown>;
}

/**
 * Creates a client per step's agent (with the options the orchestrator gives its own clients) and returns a
 * {@link DirectChain} that sends the same messages the orchestrator sends: same parts, one context per
 * chain, each step referencing the previous step's task, each artifact validated with its contract.
 */
export async function createDirectChain(agents: Readonly<Record<ChainStep, string>>): Promise<DirectChain> {
  const clients = {} as Record<ChainStep, A2AClient>;
  for (const step of CHAIN_STEPS) {
    clients[step] = await createA2AClient({
      agent: agents[step],
      timeoutMs: 10_000,
      retry: { retrySend: true },
    });
  }
  return {
    async run(topic) {
      const contextId = createId();
      let previous: { taskId: string; value: unknown } | undefined;
      for (const step of CHAIN_STEPS) {
        const parts = partsFor(step, topic, previous?.value);
        previous = await runStep(clients[step], step, parts, contextId, previous ? [previous.taskId] : []);
      }
      return previous?.value; // the summary, validated by its contract like every step's artifact
    },
  };
}
