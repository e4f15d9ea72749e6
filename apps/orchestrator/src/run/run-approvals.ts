import type { ApprovalView, RunEvent, RunEventBody, RunView } from './run-types.ts';

/** What an approval step asks a person. */
export interface ApprovalRequest {
  /** The step's instance key. */
  readonly key: string;
  readonly step: string;
  readonly prompt: string;
  /** The artifact shown for approval (the one it may be edited into), if any. */
  readonly artifact?: unknown;
  /** How long the person has; then `onTimeout` decides. Default: no limit. */
  readonly timeoutMs?: number | undefined;
  readonly onTimeout: 'approve' | 'reject';
}

/** A person's decision (or the timeout's). */
export interface Decision {
  readonly approve: boolean;
  /** Approved with an edited artifact: it goes on instead of the one shown. */
  readonly artifact?: unknown;
  readonly comment?: string | undefined;
}

/** The approvals of a run: asked by its approval steps, decided over the API, the console, the CLI or A2A. */
export interface RunApprovals {
  /**
   * Shows the approval (the run is `input-required` while one is pending) and resolves with the decision once made;
   * rejects when `signal` fires first. One decided or pending when the run was last kept is not asked again.
   */
  ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalView>;
  /** Decides the pending approval of `step` (a step id or instance key; default the first); `false` when none. */
  decide(decision: Decision, step?: string): boolean;
}

/** Whether a run waits for a person: a question open or an approval pending. */
export function waitsForPerson(view: RunView): boolean {
  return (view.questions?.length ?? 0) > 0 || (view.approvals ?? []).some((one) => one.status === 'pending');
}

/** Sets the status of a run under way from what it waits for. */
export function showWaiting(view: RunView): void {
  if (view.status !== 'running' && view.status !== 'input-required') return;
  view.status = waitsForPerson(view) ? 'input-required' : 'running';
}

/**
 * Creates the {@link RunApprovals} of a run: each is in `view.approvals`, and each request and decision is an event
 * (`approval.requested`, `approval.decided`) kept before the run acts on it. `round` is the round's number.
 */
export function createRunApprovals(
  view: RunView,
  emit: (body: RunEventBody) => RunEvent,
  round: number,
): RunApprovals {
  const waiting = new Map<string, (approval: ApprovalView) => void>();
  const mine = (approval: ApprovalView) => (approval.round ?? 0) === round;
  const find = (key: string) => view.approvals?.find((approval) => approval.key === key && mine(approval));

  const settle = (approval: ApprovalView, decision: Decision, by: 'person' | 'timeout') => {
    approval.status = decision.approve ? 'approved' : 'rejected';
    approval.decidedAt = new Date().toISOString();
    approval.by = by;
    if (decision.comment !== undefined) approval.comment = decision.comment;
    if (decision.artifact !== undefined) approval.edited = decision.artifact;
    showWaiting(view);
    emit({
      type: 'approval.decided',
      step: approval.step,
      instance: approval.key,
      decision: approval.status,
      by,
      ...(decision.comment === undefined ? {} : { comment: decision.comment }),
      ...(decision.artifact === undefined ? {} : { artifact: decision.artifact }),
    });
    waiting.get(approval.key)?.(approval);
  };

  return {
    ask(request, signal) {
      let approval = find(request.key);
      if (approval && approval.status !== 'pending') return Promise.resolve(approval);
      if (approval === undefined) {
        const now = Date.now();
        approval = {
          key: request.key,
          step: request.step,
          ...(round === 0 ? {} : { round }),
          prompt: request.prompt,
          ...(request.artifact === undefined ? {} : { artifact: request.artifact }),
          requestedAt: new Date(now).toISOString(),
          ...(request.timeoutMs === undefined
            ? {}
            : { deadline: new Date(now + request.timeoutMs).toISOString() }),
          onTimeout: request.onTimeout,
          status: 'pending',
        };
        view.approvals = [...(view.approvals ?? []), approval];
        showWaiting(view);
        emit({
          type: 'approval.requested',
          step: request.step,
          instance: request.key,
          prompt: request.prompt,
          ...(request.artifact === undefined ? {} : { artifact: request.artifact }),
          ...(approval.deadline === undefined ? {} : { deadline: approval.deadline }),
        });
      }
      const pending = approval;
      return new Promise<ApprovalView>((resolve, reject) => {
        const deadline = pending.deadline === undefined ? undefined : Date.parse(pending.deadline);
        const timer =
          deadline === undefined
            ? undefined
            : setTimeout(
                () => settle(pending, { approve: pending.onTimeout === 'approve' }, 'timeout'),
                Math.max(0, deadline - Date.now()),
              );
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          waiting.delete(pending.key);
        };
        const onAbort = () => {
          done();
          reject(signal.reason);
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.set(pending.key, (decided) => {
          done();
          resolve(decided);
        });
      });
    },
    decide(decision, step) {
      const pending = (view.approvals ?? []).filter(
        (approval) => approval.status === 'pending' && mine(approval),
      );
      const target =
        step === undefined
          ? pending[0]
          : pending.find((approval) => approval.key === step || approval.step === step);
      if (target === undefined) return false;
      settle(target, decision, 'person');
      return true;
    },
  };
}
