import { useState } from 'preact/hooks';
import { api } from '../shared/api.ts';
import type { RunView } from './run-types.ts';

/**
 * Refines a step of an ended run: the step, what to change, and whether the steps after it run again. The run is
 * running again once the orchestrator took it; `onStarted` follows it.
 */
export function RefineForm({ view, onStarted }: { readonly view: RunView; readonly onStarted: () => void }) {
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const refinable = view.steps.filter((step) => step.version !== undefined);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  if (refinable.length === 0) return null;
  const step =
    chosen ?? (refinable.some((shown) => shown.step === 'document') ? 'document' : refinable[0]?.step);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const instruction = String(data.get('instruction') ?? '').trim();
    if (instruction === '') return;
    setError(undefined);
    setBusy(true);
    try {
      await api(`/runs/${view.runId}/refine`, {
        method: 'POST',
        body: { step, instruction, downstream: data.get('downstream') === 'on' },
      });
      form.reset();
      onStarted();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card refine" onSubmit={(event) => void submit(event)} aria-labelledby="refine-title">
      <h3 id="refine-title">Refine a step</h3>
      <p class="muted">
        The step's agent makes a new version of its artifact in a new task of this run's context.
      </p>
      <label>
        Step
        <select
          name="step"
          value={step}
          onChange={(event) => setChosen((event.currentTarget as HTMLSelectElement).value)}
        >
          {refinable.map((shown) => (
            <option key={shown.step} value={shown.step}>
              {shown.step} (version {shown.version})
            </option>
          ))}
        </select>
      </label>
      <label>
        Instruction
        <input name="instruction" required placeholder="Make it shorter; for experts; in 2 sentences" />
      </label>
      <label class="inline">
        <input type="checkbox" name="downstream" defaultChecked /> Run the steps after it again
      </label>
      <button type="submit" disabled={busy}>
        Refine
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
