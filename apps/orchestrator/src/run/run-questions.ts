import { showWaiting } from './run-approvals.ts';
import type { RunEvent, RunEventBody, RunView } from './run-types.ts';

/** The questions a run's agents ask its caller, open until answered. */
export interface RunQuestions {
  /**
   * Shows the question of `step` (the run is `input-required` while one is open) and resolves with the answer;
   * rejects with the signal's reason when it fires first. A question that was open when the run was last kept
   * (a resumed run) is not asked twice: an answer given meanwhile, or kept before the restart, is used at once.
   */
  ask(step: string, question: string, signal: AbortSignal): Promise<Answer>;
  /** Answers the open question of `step` (default: the first one open); `false` when there is none. */
  answer(text: string, step?: string): boolean;
  /** Closes a question of `step` kept from before a restart that its agent no longer asks (it went on). */
  settled(step: string): void;
}

/** An answer, with the `seq` of the question event it answers (what names the message it is sent in). */
export interface Answer {
  readonly text: string;
  readonly question: number;
}

/** A question open when the run was last kept, or its answer not known to have reached the agent. */
interface KeptQuestion {
  readonly text: string;
  readonly seq: number;
  answer?: string;
}

/**
 * Creates the {@link RunQuestions} of a run: they live in `view.questions` (and `view.question`, the first), and
 * each ask and answer is an event (`input.required`; `input.answered` with the answer, so a run resumed elsewhere
 * can still send it). `kept` are the run's kept events (a resumed run): its open questions stay open.
 */
export function createRunQuestions(
  view: RunView,
  emit: (body: RunEventBody) => RunEvent,
  kept: readonly RunEvent[] = [],
): RunQuestions {
  const pending = new Map<string, (text: string) => void>();
  const restored = keptQuestions(kept);

  const show = (questions: { step: string; text: string }[]) => {
    if (questions.length === 0) {
      delete view.question;
      delete view.questions;
      showWaiting(view);
      return;
    }
    const [first] = questions;
    view.questions = questions;
    if (first) view.question = first;
    showWaiting(view);
  };
  const close = (step: string) => show((view.questions ?? []).filter((open) => open.step !== step));
  show(
    [...restored].flatMap(([step, open]) => (open.answer === undefined ? [{ step, text: open.text }] : [])),
  );

  return {
    ask(step, question, signal) {
      const before = restored.get(step);
      restored.delete(step);
      if (before?.answer !== undefined && before.text === question) {
        return Promise.resolve({ text: before.answer, question: before.seq });
      }
      return new Promise<Answer>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = () => {
          pending.delete(step);
          close(step);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        show([...(view.questions ?? []).filter((open) => open.step !== step), { step, text: question }]);
        // The same question still open from before a restart is not asked again.
        const seq =
          before?.text === question ? before.seq : emit({ type: 'input.required', step, question }).seq;
        pending.set(step, (text) => {
          signal.removeEventListener('abort', onAbort);
          pending.delete(step);
          close(step);
          emit({ type: 'input.answered', step, answer: text, question: seq });
          resolve({ text, question: seq });
        });
      });
    },
    answer(text, step) {
      const target = step ?? view.questions?.[0]?.step;
      if (target === undefined) return false;
      const resolve = pending.get(target);
      if (resolve !== undefined) {
        resolve(text);
        return true;
      }
      // A question kept from before a restart, not asked again yet: its answer waits for the step.
      const open = restored.get(target);
      if (open === undefined || open.answer !== undefined) return false;
      open.answer = text;
      close(target);
      emit({ type: 'input.answered', step: target, answer: text, question: open.seq });
      return true;
    },
    settled(step) {
      if (!restored.delete(step)) return;
      if (!pending.has(step)) close(step);
    },
  };
}

/**
 * The questions of a kept timeline still open, or answered with an answer the agent may not have had: for each
 * step, its last question when nothing happened on that step after it but states and its answer. A resumed run
 * sends such an answer again (in a message with the same id, so an agent that had it takes it once).
 */
function keptQuestions(events: readonly RunEvent[]): Map<string, KeptQuestion> {
  const open = new Map<string, KeptQuestion>();
  for (const event of events) {
    if (!('step' in event) || event.type === 'step.state') continue;
    if (event.type === 'input.required') open.set(event.step, { text: event.question, seq: event.seq });
    else if (event.type === 'input.answered') {
      const asked = open.get(event.step);
      if (asked === undefined || event.answer === undefined || event.question !== asked.seq)
        open.delete(event.step);
      else asked.answer = event.answer;
    } else open.delete(event.step);
  }
  return open;
}
