import type { AgentCard, AgentSkill } from '@baton/protocol';
import type { ClusterOptions } from '../cluster/cluster-options.ts';
import type { AgentExecutor } from '../executor/agent-executor.ts';
import type { TaskStore } from '../store/task-store.ts';
import type { CallContext } from '../vocabulary/call-context.ts';
import type { TaskEventHub } from '../vocabulary/event-hub.ts';
import type { Logger } from '../vocabulary/logger.ts';
import type { PushConfigStore } from './push-config-store.ts';

/** The extended agent card: fixed, or built per call (e.g. from the caller's scopes). */
export type ExtendedCardSource = AgentCard | ((call: CallContext) => AgentCard | Promise<AgentCard>);

/** Options of `createRequestHandler`. Only `executor` is required. */
export interface RequestHandlerOptions {
  /** The agent's logic. */
  readonly executor: AgentExecutor;
  /**
   * The card's skills. A send that names one (`configuration.skillId`, client-directed skill selection) is checked
   * against them: an unknown skill is refused (InvalidParams), and one whose `securityRequirements` the caller does
   * not meet too (403 PERMISSION_DENIED). Without them a named skill is passed on unchecked.
   */
  readonly skills?: readonly AgentSkill[];
  /** Executors of their own for some skills, by skill id: a send naming one runs it instead of `executor`. */
  readonly skillExecutors?: Readonly<Record<string, AgentExecutor>>;
  /** Where tasks live. Default: `createInMemoryTaskStore()` (bounded; see its options). */
  readonly store?: TaskStore;
  /** Live event delivery. Default: `createEventHub()`, in process. */
  readonly hub?: TaskEventHub;
  /** Whether SendStreamingMessage and SubscribeToTask are offered. Default `true`. */
  readonly streaming?: boolean;
  /** The card GetExtendedAgentCard returns; without it that method answers ExtendedAgentCardNotConfigured. */
  readonly extendedCard?: ExtendedCardSource;
  /**
   * Extension URIs the card marks `required: true`: a SendMessage or SendStreamingMessage whose
   * `A2A-Extensions` does not name each of them is refused with ExtensionSupportRequired (spec §3.3.4).
   */
  readonly requiredExtensions?: readonly string[];
  /** Where push configs live; without it push methods answer PushNotificationNotSupported. */
  readonly pushConfigs?: PushConfigStore;
  /** Where executor failures and other server-side problems are reported. Default: the console. */
  readonly logger?: Logger;
  /** How far a stream subscriber may fall behind before its stream ends with an error. Default 10,000 events. */
  readonly maxQueuedEvents?: number;
  /**
   * Executions held at once (running, or suspended waiting for input); a send that needs a new one beyond this
   * is refused with the TOO_MANY_TASKS overload error before anything is created. Default 1,000.
   */
  readonly maxRunningTasks?: number;
  /** Open SendStreamingMessage / SubscribeToTask streams; one more is refused (TOO_MANY_STREAMS). Default 1,000. */
  readonly maxOpenStreams?: number;
  /**
   * Longest a GetTask with `currentGeneration` (the 1.1 draft's long-poll) waits for the task to change before it
   * answers with the task as it is. Default 30,000 ms.
   */
  readonly longPollTimeoutMs?: number;
  /**
   * How long a user message's `messageId` is recognized: the same caller sending it again (a retry after a
   * timeout, a client resumed after a crash) gets the task it went to instead of a second task. Default a day;
   * 0 turns it off. With a durable store it holds across restarts and instances.
   */
  readonly repeatedMessageWindowMs?: number;
  /** Task leases (recovery after a crash) and an event bus (several instances of one agent). */
  readonly cluster?: ClusterOptions;
  /** Keeps tasks running after their response where the runtime needs it (Workers); see `A2AServerOptions`. */
  readonly waitUntil?: (work: Promise<unknown>) => void;
}
