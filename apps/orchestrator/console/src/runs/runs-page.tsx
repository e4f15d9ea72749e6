import { useEffect, useState } from 'preact/hooks';
import { api, dateAndTime } from '../shared/api.ts';
import { PlanForm } from './plan-form.tsx';
import { isFinishedRun, type RunView } from './run-types.ts';
import { StartRunForm } from './start-run-form.tsx';

/** Start a run (of a chain, or planned from a goal), and the runs so far (kept runs too, after a restart), newest first. */
export function RunsPage() {
  const [runs, setRuns] = useState<readonly RunView[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () =>
      api<{ runs: RunView[] }>('/runs?limit=50').then(
        (found) => live && setRuns(found.runs),
        (failure: Error) => live && setError(failure.message),
      );
    void load();
    const timer = setInterval(load, 3000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return (
    <>
      <div class="start-forms">
        <StartRunForm />
        <PlanForm />
      </div>
      <section aria-labelledby="past-runs">
        <h2 id="past-runs">Runs</h2>
        {error && <p role="alert">{error}</p>}
        {runs === undefined ? (
          <p class="muted">Loading…</p>
        ) : runs.length === 0 ? (
          <p class="muted">No runs yet.</p>
        ) : (
          <ul class="run-list">
            {runs.map((run) => (
              <li key={run.runId}>
                <a href={`#/runs/${run.runId}`}>
                  <span class={`status status-${run.status}`}>{run.status}</span>
                  <span class="topic">
                    {run.topic || (isFinishedRun(run.status) ? '(no topic)' : '(no topic yet)')}
                  </span>
                  {run.chain && run.chain !== 'default' && <span class="chain">{run.chain}</span>}
                  <time dateTime={run.createdAt}>{dateAndTime(run.createdAt)}</time>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
