import { useEffect, useRef, useState } from 'preact/hooks';
import { ChainGraph } from '../chains/chain-graph.tsx';
import type { ChainDefinition } from '../chains/chain-types.ts';
import { api } from '../shared/api.ts';
import { authHeaders } from '../shared/credentials.ts';

/** What `POST /plans` answers. */
interface PlanAnswer {
  readonly chain: ChainDefinition;
  readonly topic: string;
  readonly rationale: readonly string[];
  readonly planner: string;
}

/** How long the editor waits after a keystroke before it asks the orchestrator to check the chain. */
const CHECK_AFTER_MS = 300;

/** The problems of a chain as `POST /chains/check` names them (none: it is valid), or the JSON syntax error. */
async function problemsOf(text: string): Promise<{ problems: string[]; chain?: ChainDefinition }> {
  let definition: unknown;
  try {
    definition = JSON.parse(text);
  } catch (error) {
    return { problems: [`Not JSON: ${(error as Error).message}`] };
  }
  const response = await fetch('/chains/check', {
    method: 'POST',
    headers: { ...authHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(definition),
  });
  const answer = (await response.json()) as {
    valid?: boolean;
    problems?: { path: string; message: string }[];
    error?: { message: string };
  };
  if (answer.valid === true) return { problems: [], chain: definition as ChainDefinition };
  return {
    problems: answer.problems?.map((problem) => `${problem.path}: ${problem.message}`) ?? [
      answer.error?.message ?? `HTTP ${response.status}`,
    ],
  };
}

/**
 * A goal in, a plan out (`POST /plans`): why, the chain drawn as a graph, and the chain as JSON to edit, checked
 * as you type; then run it, or have a person approve it first (the goal run with `approve`).
 */
export function PlanForm() {
  const [goal, setGoal] = useState('');
  const [plan, setPlan] = useState<PlanAnswer | undefined>(undefined);
  const [text, setText] = useState('');
  const [drawn, setDrawn] = useState<ChainDefinition | undefined>(undefined);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const checking = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(checking.current), []);
  const planned = plan !== undefined ? JSON.stringify(plan.chain, null, 2) : '';
  const edited = plan !== undefined && text !== planned;

  const makePlan = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api<PlanAnswer>('/plans', { method: 'POST', body: { goal } });
      setPlan(answer);
      setText(JSON.stringify(answer.chain, null, 2));
      setDrawn(answer.chain);
      setProblems([]);
    } catch (failure) {
      setPlan(undefined);
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const edit = (next: string) => {
    setText(next);
    clearTimeout(checking.current);
    checking.current = setTimeout(() => {
      void problemsOf(next).then(
        (checked) => {
          setProblems(checked.problems);
          if (checked.chain) setDrawn(checked.chain);
        },
        (failure: Error) => setProblems([failure.message]),
      );
    }, CHECK_AFTER_MS);
  };

  const run = async (approve: boolean) => {
    if (plan === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      let started: { runId: string };
      if (edited) {
        // An edited plan is a chain of its own: kept first (checked as it is kept), then run on the plan's topic.
        const kept = await api<{ name: string; version: number }>('/chains', {
          method: 'POST',
          body: JSON.parse(text),
        });
        started = await api('/runs', {
          method: 'POST',
          body: { chain: kept.name, chainVersion: kept.version, topic: plan.topic },
        });
      } else {
        started = await api('/runs', {
          method: 'POST',
          body: { goal, ...(approve ? { approve: true } : {}) },
        });
      }
      window.location.hash = `#/runs/${started.runId}`;
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card plan-form" aria-labelledby="plan-goal">
      <form onSubmit={makePlan}>
        <h2 id="plan-goal">Plan from a goal</h2>
        <label>
          Goal
          <textarea
            name="goal"
            rows={2}
            value={goal}
            onInput={(event) => setGoal((event.currentTarget as HTMLTextAreaElement).value)}
            placeholder="Explain how glaciers shape valleys, once for beginners and once for experts, and merge both into one brief"
          />
        </label>
        <button type="submit" disabled={busy || goal.trim() === ''}>
          {busy && plan === undefined ? 'Planning…' : 'Plan'}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {plan && (
        <div class="plan">
          <p>
            Topic: <strong>{plan.topic}</strong> <span class="muted">(planned {plan.planner})</span>
          </p>
          <ol class="rationale" aria-label="Why this plan">
            {plan.rationale.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          {drawn && <ChainGraph chain={drawn} />}
          <label>
            The plan as JSON (edit it; it is checked as you type)
            <textarea
              class="plan-json"
              rows={14}
              spellcheck={false}
              value={text}
              onInput={(event) => edit((event.currentTarget as HTMLTextAreaElement).value)}
            />
          </label>
          {problems.length > 0 && (
            <ul class="problems" role="alert" aria-label="Problems of the plan">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <div class="row">
            <button type="button" disabled={busy || problems.length > 0} onClick={() => void run(false)}>
              {edited ? 'Run the edited plan' : 'Run'}
            </button>
            <button
              type="button"
              disabled={busy || edited || problems.length > 0}
              onClick={() => void run(true)}
              title="The run waits until someone approves the plan (here, the CLI or the API)"
            >
              Run after approval
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
