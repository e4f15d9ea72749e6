import type { Pool, QueryResultRow } from 'pg';
import { isUnreachable, whileReachable } from './postgres-errors.ts';

/**
 * One statement that many concurrent calls share: each call is one input, the statement takes the inputs as
 * arrays (`unnest … WITH ORDINALITY`) and answers each by its ordinal.
 */
export interface BatchedStatement<Input, Output> {
  /** The prepared statement's name (unique to `sql`). */
  readonly name: string;
  readonly sql: string;
  /** The statement's parameters for these inputs, in order. */
  params(inputs: readonly Input[]): unknown[];
  /** Each input's answer (an `Error` to reject that call alone), from the statement's rows. */
  outputs(rows: readonly QueryResultRow[], inputs: readonly Input[]): (Output | Error)[];
  /**
   * Inputs with the same key never share a statement: they run one after the other, in call order (writes to
   * one task). Unset: any inputs may share.
   */
  key?(input: Input): string;
}

/** Runs {@link BatchedStatement}s for concurrent callers: many calls, one statement, one commit. */
export interface StatementBatcher {
  run<Input, Output>(statement: BatchedStatement<Input, Output>, input: Input): Promise<Output>;
}

/** Options of {@link createStatementBatcher}. */
export interface StatementBatcherOptions {
  /** Most inputs of one statement. Default 256. */
  readonly maxBatch?: number;
}

type AnyStatement = BatchedStatement<unknown, unknown>;

interface Call {
  readonly input: unknown;
  readonly key: string | undefined;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Calls waiting for their turn; one batch of them in flight at a time. */
interface Lane {
  waiting: Call[];
  busy: boolean;
  scheduled: boolean;
}

/** An error `whileReachable` already turned into STORE_UNAVAILABLE. */
function isUnavailable(error: unknown): boolean {
  return (error as { reason?: unknown } | null)?.reason === 'STORE_UNAVAILABLE';
}

/**
 * Group commit for PostgreSQL. Each statement has one batch in flight at a time; the calls that arrive
 * meanwhile gather and go together as one statement (one round trip, one commit), so the database's cost per
 * write falls as load rises, while a call on an idle store goes at once. Statements of different kinds run side
 * by side. A batch that fails for a reason other than an unreachable database is retried one call at a time, so
 * one bad input fails alone; an unreachable database fails every call with the retryable STORE_UNAVAILABLE.
 *
 * Measured on the bench's blocking sends at 16 concurrent (docs/benchmarks.md): about 2.5 times the rate of
 * one statement per call. Putting every kind of write in one transaction (one commit for all) was slower: its
 * statements then run one after the other on one connection.
 */
export function createStatementBatcher(pool: Pool, options: StatementBatcherOptions = {}): StatementBatcher {
  const maxBatch = options.maxBatch ?? 256;
  const lanes = new Map<AnyStatement, Lane>();

  async function execute(statement: AnyStatement, calls: readonly Call[]): Promise<void> {
    const inputs = calls.map((call) => call.input);
    const result = await whileReachable(() =>
      pool.query({ name: `baton_${statement.name}`, text: statement.sql, values: statement.params(inputs) }),
    );
    const outputs = statement.outputs(result.rows, inputs);
    calls.forEach((call, index) => {
      const output = outputs[index];
      if (output instanceof Error) call.reject(output);
      else call.resolve(output);
    });
  }

  async function executeOrIsolate(statement: AnyStatement, calls: readonly Call[]): Promise<void> {
    try {
      await execute(statement, calls);
    } catch (error) {
      if (calls.length === 1 || isUnreachable(error) || isUnavailable(error)) {
        for (const call of calls) call.reject(error);
        return;
      }
      for (const call of calls) await executeOrIsolate(statement, [call]);
    }
  }

  function flush(statement: AnyStatement, lane: Lane): void {
    lane.scheduled = false;
    if (lane.busy || lane.waiting.length === 0) return;
    const taken: Call[] = [];
    const left: Call[] = [];
    const keys = new Set<string>();
    for (const call of lane.waiting) {
      if ((call.key !== undefined && keys.has(call.key)) || taken.length >= maxBatch) {
        left.push(call);
        continue;
      }
      taken.push(call);
      if (call.key !== undefined) keys.add(call.key);
    }
    lane.waiting = left;
    lane.busy = true;
    void executeOrIsolate(statement, taken).finally(() => {
      lane.busy = false;
      flush(statement, lane);
    });
  }

  return {
    run(statement, input) {
      const kind = statement as AnyStatement;
      const lane = lanes.get(kind) ?? { waiting: [], busy: false, scheduled: false };
      lanes.set(kind, lane);
      return new Promise((resolve, reject) => {
        lane.waiting.push({
          input,
          key: statement.key?.(input),
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        // Calls made in the same turn go together: the flush runs once they have all been queued.
        if (!lane.scheduled && !lane.busy) {
          lane.scheduled = true;
          queueMicrotask(() => flush(kind, lane));
        }
      });
    },
  };
}
