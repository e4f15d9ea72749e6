/**
 * A stream whose abort also cancels the agent's task (`cancelTaskOnAbort`): when the caller's signal fires, the
 * client sends CancelTask for the stream's task (at once if the agent has named it, else as soon as it does, for at
 * most {@link CANCEL_WAIT_MS}), then stops listening. Without it an abort only stops listening and the task goes on,
 * which is what A2A means by leaving a stream; with it a caller that gives up does not leave work running.
 */
import { idsOfEvent, type StreamResponse } from '@baton/protocol';

/** How long an aborted stream waits for the agent to name its task, so that it can be canceled. */
export const CANCEL_WAIT_MS = 5_000;

/**
 * Opens the stream with a signal of its own and cancels its task when `signal` fires; `cancel` is the CancelTask
 * call (its failure is ignored: the stream ends either way). The stream then ends as an aborted one does.
 */
export async function* cancelTaskOnAbort(
  open: (signal: AbortSignal) => AsyncIterable<StreamResponse>,
  signal: AbortSignal,
  cancel: (taskId: string) => Promise<unknown>,
): AsyncGenerator<StreamResponse, void, undefined> {
  // Aborted before it began: nothing is sent, and the stream fails as any aborted call does.
  if (signal.aborted) {
    yield* open(signal);
    return;
  }
  const listening = new AbortController();
  let taskId: string | undefined;
  let canceling: Promise<void> | undefined;
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const stopListening = () => listening.abort(signal.reason);
  const cancelTask = (id: string) => {
    canceling ??= cancel(id).then(
      () => stopListening(),
      () => stopListening(),
    );
  };
  const onAbort = () => {
    if (taskId !== undefined) cancelTask(taskId);
    else giveUp = setTimeout(stopListening, CANCEL_WAIT_MS);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const event of open(listening.signal)) {
      taskId ??= idsOfEvent(event).taskId;
      if (signal.aborted && taskId !== undefined) {
        clearTimeout(giveUp);
        cancelTask(taskId);
      }
      yield event;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    clearTimeout(giveUp);
    await canceling;
  }
}
