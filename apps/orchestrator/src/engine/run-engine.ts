/**
 * Drives one round of a run on this instance (the run itself, or a refinement): resolves once the round has ended
 * or the run was released. `lease` fires when this instance no longer holds the run (another took it over, or the
 * engine is closing): the driver stops at once, without ending the run, so the next holder goes on from its events.
 */
export type RunDriver = (runId: string, lease: AbortSignal, handOff: RunHandOff) => Promise<void>;

/** What goes with a round handed to the engine. */
export interface RunHandOff {
  /** The W3C trace context of the request that asked for the round: the round's span is its child. */
  readonly traceparent?: string | undefined;
}

/**
 * Who drives which run. The orchestrator's runs are written to its records by a journal; the engine decides which
 * instance drives each round, holds that instance's lease while it does, and gives the round to another instance
 * when the holder dies. Every implementation passes the same suite (`run-engine-contract.ts`).
 */
export interface RunEngine {
  /** This instance's id (what {@link RunEngine.holder} answers for the runs it drives). */
  readonly instanceId: string;
  /** Whether several instances may share the runs (then commands go to the holder over the bus). */
  readonly shared: boolean;
  /**
   * How many rounds this instance drives now, counted from the moment one is submitted (an engine that drives
   * everything it is given at once has it, so the service can refuse starts past a limit).
   */
  readonly driving?: () => number;
  /** Starts taking rounds: `drive` is called for each round this instance gets. */
  start(drive: RunDriver): Promise<void>;
  /**
   * Asks for round `round` of the run (0: the run itself, N: its Nth refinement) to be driven, here or by another
   * instance. Durable once it resolves; asking again for a round that waits or is being driven does nothing.
   */
  submit(runId: string, round: number, handOff?: RunHandOff): Promise<void>;
  /** The instance driving the run's round now; `undefined` while none does. */
  holder(runId: string, round: number): Promise<string | undefined>;
  /** Stops taking rounds and releases the ones held (their `lease` fires); the runs go on elsewhere or later. */
  close(): Promise<void>;
}
