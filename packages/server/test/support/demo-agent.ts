/**
 * The agent every end-to-end test talks to. What it does is chosen by the first word of the message text:
 *
 * - `direct`    → a direct Message reply, no task.
 * - `artifacts` → WORKING, one whole artifact, one artifact streamed in {@link CHUNK_COUNT} chunks, COMPLETED.
 * - `trip`      → INPUT_REQUIRED with {@link CITY_QUESTION}; the answer's text goes into an artifact; COMPLETED.
 * - `gated`     → a task left SUBMITTED (one artifact) until the test opens its gate; then COMPLETED.
 * - `long`      → WORKING, then waits for its AbortSignal (cancel or shutdown); records why it fired.
 *
 * Tests key their probes by the message's contextId, which they choose, so tests never see each other's tasks.
 */
import type { AgentExecutor } from '../../src/index.ts';

export const CHUNK_COUNT = 50;
export const CITY_QUESTION = 'Which city?';
export const DIRECT_REPLY = 'a direct reply';
export const WHOLE_ARTIFACT_TEXT = 'the whole artifact';

/** The text of chunk `index` (0-based) of the streamed artifact. */
export const chunkText = (index: number): string => `chunk ${String(index).padStart(2, '0')};`;

/** Everything the streamed artifact says, once its chunks are joined. */
export const STREAMED_TEXT = Array.from({ length: CHUNK_COUNT }, (_, index) => chunkText(index)).join('');

/** The text of the artifact a `trip` task ends with, for the city the client answered. */
export const tripPlan = (city: string): string => `Trip to ${city}`;

/** A promise with its resolver, so a test can wait on what the agent does (or release it). */
interface Latch<T> {
  readonly promise: Promise<T>;
  readonly resolve: (value: T) => void;
}

function latch<T>(): Latch<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** What the agent let the tests observe, per contextId. */
export interface AgentProbes {
  /** Resolves once the `long` task of `contextId` waits on its signal, or the `gated` one on its gate. */
  waiting(contextId: string): Promise<void>;
  /** Resolves with the AbortError message when the signal of a `long` task of `contextId` fires. */
  aborted(contextId: string): Promise<string>;
  /** Whether the AbortSignal of an execution in `contextId` has fired. */
  wasAborted(contextId: string): boolean;
  /** Lets the `gated` task of `contextId` complete. */
  openGate(contextId: string): void;
}

export interface DemoAgent {
  readonly executor: AgentExecutor;
  readonly probes: AgentProbes;
}

export function createDemoAgent(): DemoAgent {
  const latches = new Map<string, Latch<unknown>>();
  const fired = new Set<string>();
  const get = <T>(kind: string, contextId: string): Latch<T> => {
    const key = `${kind} ${contextId}`;
    let entry = latches.get(key);
    if (!entry) {
      entry = latch<unknown>();
      latches.set(key, entry);
    }
    return entry as Latch<T>;
  };

  const executor: AgentExecutor = async (ctx) => {
    ctx.signal.addEventListener('abort', () => fired.add(ctx.contextId), { once: true });
    const [command = ''] = ctx.text.split(' ');
    switch (command) {
      case 'direct':
        return DIRECT_REPLY;
      case 'artifacts': {
        await ctx.working();
        await ctx.addArtifact({ artifactId: 'whole', name: 'whole', parts: WHOLE_ARTIFACT_TEXT });
        const stream = ctx.streamArtifact({ artifactId: 'streamed', name: 'streamed' });
        for (let index = 0; index < CHUNK_COUNT - 1; index += 1) await stream.write(chunkText(index));
        await stream.end(chunkText(CHUNK_COUNT - 1));
        await ctx.complete();
        return undefined;
      }
      case 'trip': {
        const answer = await ctx.requestInput(CITY_QUESTION);
        const city = answer.parts.map((part) => ('text' in part ? part.text : '')).join('');
        await ctx.addArtifact({ artifactId: 'plan', name: 'plan', parts: tripPlan(city) });
        await ctx.complete();
        return undefined;
      }
      case 'gated': {
        await ctx.addArtifact({ artifactId: 'draft', parts: 'draft' });
        get<void>('waiting', ctx.contextId).resolve();
        await get<void>('gate', ctx.contextId).promise;
        await ctx.complete();
        return undefined;
      }
      case 'long': {
        await ctx.working();
        const aborted = get<string>('aborted', ctx.contextId);
        const reason = new Promise<string>((resolve) => {
          const onAbort = () => {
            const why: unknown = ctx.signal.reason;
            resolve(why instanceof Error ? why.message : String(why));
          };
          if (ctx.signal.aborted) onAbort();
          else ctx.signal.addEventListener('abort', onAbort, { once: true });
        });
        get<void>('waiting', ctx.contextId).resolve();
        aborted.resolve(await reason);
        return undefined;
      }
      default:
        return `unknown command: ${ctx.text}`;
    }
  };

  return {
    executor,
    probes: {
      waiting: (contextId) => get<void>('waiting', contextId).promise,
      aborted: (contextId) => get<string>('aborted', contextId).promise,
      wasAborted: (contextId) => fired.has(contextId),
      openGate: (contextId) => get<void>('gate', contextId).resolve(),
    },
  };
}
