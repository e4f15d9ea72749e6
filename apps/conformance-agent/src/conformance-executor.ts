/** The executor that plays the conformance kit's scenarios, chosen by the messageId prefix. */
import type { Message, Part } from '@baton/protocol';
import { type AgentExecutor, type ExecutionContext, messageText } from '@baton/server';
import {
  type ArtifactKind,
  type Behaviour,
  behaviourFor,
  DATA_VALUE,
  FILE_CONTENT,
  FILE_MEDIA_TYPE,
  FILE_NAME,
  FILE_URL,
  INPUT_QUESTION,
} from './contract.ts';

/** Timing of the scenarios that wait. */
export interface ConformanceTiming {
  /** How long `test-resubscribe-message-id` stays WORKING (the kit needs at least 2 × its streaming timeout). */
  readonly resubscribeWorkMs: number;
  /** How long `tck-delayed-complete` stays WORKING (the kit's 1 × streaming timeout, 2 s by default). */
  readonly delayedCompleteMs: number;
}

/** The default timing: 10 s of work for resubscription, 2 s for the delayed completion. */
export const DEFAULT_TIMING: ConformanceTiming = { resubscribeWorkMs: 10_000, delayedCompleteMs: 2_000 };

/** The part of an artifact scenario. */
export function artifactPart(kind: ArtifactKind): Part {
  switch (kind.type) {
    case 'text':
      return { text: kind.text };
    case 'file':
      return { raw: btoa(FILE_CONTENT), filename: FILE_NAME, mediaType: FILE_MEDIA_TYPE };
    case 'file-url':
      return { url: FILE_URL, filename: FILE_NAME, mediaType: FILE_MEDIA_TYPE };
    case 'data':
      return { data: { ...DATA_VALUE } };
  }
}

/** Resolves after `ms`, or as soon as `signal` fires; says whether the full time passed. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Plays one behaviour for `message`; `started` says whether task events were already sent. */
async function play(
  ctx: ExecutionContext,
  behaviour: Behaviour,
  message: Message,
  started: boolean,
  timing: ConformanceTiming,
): Promise<void> {
  switch (behaviour.kind) {
    case 'complete':
      return ctx.complete(behaviour.text);
    case 'delayed-complete':
      await ctx.working();
      if (await pause(timing.delayedCompleteMs, ctx.signal)) await ctx.complete(behaviour.text);
      return;
    case 'artifact':
      await ctx.addArtifact({ name: 'output', parts: artifactPart(behaviour.artifact) });
      return ctx.complete();
    case 'message':
      // A direct Message is only possible before any task event; on a running task, complete with it.
      return started ? ctx.complete(behaviour.text) : ctx.reply(behaviour.text);
    case 'reject':
      return ctx.reject(behaviour.text);
    case 'stream':
      if (behaviour.artifact) {
        await ctx.working();
        await ctx.addArtifact({ name: 'output', parts: artifactPart(behaviour.artifact) });
      }
      return ctx.complete();
    case 'stream-chunked': {
      await ctx.working();
      const chunks = ctx.streamArtifact({ name: 'output' });
      await chunks.write(behaviour.chunks[0]);
      await chunks.end(behaviour.chunks[1]);
      return ctx.complete();
    }
    case 'long-running':
      await ctx.working();
      if (await pause(timing.resubscribeWorkMs, ctx.signal)) await ctx.complete();
      return;
    case 'input-required':
      throw new Error('input-required is handled by the executor loop');
    case 'echo':
      return ctx.complete(messageText(message));
  }
}

/**
 * Creates the conformance executor. `tck-input-required` asks a question and waits; the follow-up on the
 * same task is played by its own prefix (so `tck-complete-task…` completes it, another
 * `tck-input-required…` asks again).
 */
export function createConformanceExecutor(timing: ConformanceTiming = DEFAULT_TIMING): AgentExecutor {
  return async (ctx) => {
    let message = ctx.message;
    let started = ctx.task !== undefined;
    for (;;) {
      const behaviour = behaviourFor(message.messageId);
      if (behaviour.kind !== 'input-required') return play(ctx, behaviour, message, started, timing);
      started = true;
      message = await ctx.requestInput(INPUT_QUESTION);
    }
  };
}
