import {
  type A2AServerOptions,
  type ClusterOptions,
  type Logger,
  serverOpenTelemetry,
  type TaskStore,
} from '@baton/server';

/** Where and how a chain agent is hosted: its public URL, its task store and its cluster settings. */
export interface AgentHosting {
  /** The public base URL the card advertises; default: each request's own origin. */
  readonly url?: string | undefined;
  /** Where tasks live; default the server's bounded in-memory store. */
  readonly store?: TaskStore | undefined;
  /** Task leases and an event bus (see `ClusterOptions`); default: none, one instance. */
  readonly cluster?: ClusterOptions | undefined;
  /** Where the server reports failures and warnings; default the console. */
  readonly logger?: Logger | undefined;
  /**
   * Browser origins that may call the agent (CORS on its bindings): a list, or `true` for any origin. Default:
   * none, so no page on another origin can read the agent's tasks.
   */
  readonly cors?: true | readonly string[] | undefined;
}

/** How an agent's executor may be treated when its instance dies. */
export interface HostingBehaviour {
  /**
   * The executor is a pure function of its task (the chain's are): a task whose instance died while working is
   * started again on another instance (or the restarted one) instead of ending FAILED.
   */
  readonly restartable?: boolean;
}

/**
 * The `createA2AServer` options an {@link AgentHosting} sets, leaving out what it does not; and the server's
 * OpenTelemetry (`runAgentMain` starts the SDK from the `OTEL_*` environment before the server is created).
 */
export function hostingOptions(
  hosting: AgentHosting,
  behaviour: HostingBehaviour = {},
): Pick<A2AServerOptions, 'url' | 'store' | 'cluster' | 'logger' | 'cors' | 'telemetry'> {
  const cluster =
    hosting.cluster && behaviour.restartable
      ? { ...hosting.cluster, restartInterruptedTasks: true }
      : hosting.cluster;
  return {
    telemetry: serverOpenTelemetry(),
    ...(hosting.logger === undefined ? {} : { logger: hosting.logger }),
    ...(hosting.url === undefined ? {} : { url: hosting.url }),
    ...(hosting.store === undefined ? {} : { store: hosting.store }),
    ...(cluster === undefined ? {} : { cluster }),
    ...(hosting.cors === undefined ? {} : { cors: hosting.cors }),
  };
}
