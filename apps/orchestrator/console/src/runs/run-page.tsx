import { useEffect, useState } from 'preact/hooks';
import { ChainGraph } from '../chains/chain-graph.tsx';
import type { ChainDefinition } from '../chains/chain-types.ts';
import { api, clock, stateLabel } from '../shared/api.ts';
import { JsonDataView } from '../shared/data-view.tsx';
import { DocumentCard } from './document-card.tsx';
import { RefineForm } from './refine-form.tsx';
import { isFinishedRun, isSummary, type RunEvent, type RunView, type SummaryArtifact } from './run-types.ts';
import { useRun } from './use-run.ts';

/** One run, live: its steps, the document as it streams, the question it asks, the summary, its timeline. */
export function RunPage({ runId }: { readonly runId: string }) {
  const run = useRun(runId);
  const { view } = run;
  if (run.error) return <p role="alert">{run.error}</p>;
  if (!view) return <p class="muted">Loading run {runId}…</p>;
  const summary = isSummary(view.result) ? view.result : view.artifacts.summary;
  return (
    <article class="run" aria-labelledby="run-title">
      <p>
        <a href="#/runs">← All runs</a>
      </p>
      <h2 id="run-title">{view.artifacts.outline?.topic || view.topic || '(no topic yet)'}</h2>
      <p class="meta">
        <span class={`status status-${view.status}`} data-testid="run-status">
          {view.status}
        </span>{' '}
        <span class="muted">
          {view.chain && view.chain !== 'default' ? `chain ${view.chain} · ` : ''}run {view.runId} · context{' '}
          {view.contextId}
        </span>
        <TraceLink traceId={view.traceId} />
      </p>
      {view.error && (
        <p role="alert" class="error">
          {view.error.message}
        </p>
      )}
      <Controls view={view} onChange={run.refresh} />
      {summary && <SummaryCard summary={summary} hasDocument={view.artifacts.document !== undefined} />}
      <RunGraph view={view} />
      <Steps view={view} />
      <DocumentCard view={view} streaming={run.documentText} />
      {isFinishedRun(view.status) && (
        <RefineForm
          view={view}
          onStarted={() => {
            run.follow();
            run.refresh();
          }}
        />
      )}
      <section aria-labelledby="timeline-title">
        <h3 id="timeline-title">Timeline</h3>
        <ol class="timeline">
          {timelineOf(run.events).map((event, index) => (
            <li key={`${index}-${event.type}`}>
              <time dateTime={event.at}>{clock(event.at)}</time> <code>{event.type}</code>{' '}
              {event.step && <span class="muted">{event.instance ?? event.step}</span>}{' '}
              {event.state && <span>{stateLabel(event.state)}</span>}
              {event.message && <span class="muted">: {event.message}</span>}
              {event.question && <span> “{event.question}”</span>}
              {typeof event.instruction === 'string' && <span> “{event.instruction}”</span>}
              {typeof event.version === 'number' && <span class="muted"> version {event.version}</span>}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

/** The run's summary, first on the page once there is one, with a way down to the document it summarizes. */
function SummaryCard({
  summary,
  hasDocument,
}: {
  readonly summary: SummaryArtifact;
  readonly hasDocument: boolean;
}) {
  return (
    <section aria-labelledby="summary-heading" class="card summary" data-testid="summary">
      <h3 id="summary-heading">Summary</h3>
      <h4 id="summary-title">{summary.title}</h4>
      {summary.summary.split(/\n{2,}/).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <h4>Key points</h4>
      <ul>
        {summary.keyPoints.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      {hasDocument && (
        <p>
          <button
            type="button"
            class="link"
            onClick={() => document.getElementById('document-title')?.scrollIntoView({ behavior: 'smooth' })}
          >
            Read the whole document ↓
          </button>
        </p>
      )}
    </section>
  );
}

/**
 * The events worth a line: not the document's chunks, and not an event that only repeats the one before it (a
 * step's state reported again with the same words, as after an answer).
 */
function timelineOf(events: readonly RunEvent[]): RunEvent[] {
  const shown: RunEvent[] = [];
  for (const event of events) {
    if (event.type === 'artifact.chunk') continue;
    const last = shown.at(-1);
    if (
      last &&
      last.type === event.type &&
      last.step === event.step &&
      last.state === event.state &&
      (last.message === event.message || event.message === undefined)
    ) {
      continue;
    }
    shown.push(event);
  }
  return shown;
}

/** The run's trace id, linked to the trace viewer the orchestrator names (`BATON_TRACE_URL`), if any. */
function TraceLink({ traceId }: { readonly traceId: string | undefined }) {
  const [template, setTemplate] = useState<string | undefined>(undefined);
  useEffect(() => {
    api<{ traceUrl?: string }>('/console/settings').then(
      (settings) => setTemplate(settings.traceUrl),
      () => undefined,
    );
  }, []);
  if (traceId === undefined) return null;
  const href = template?.replaceAll('{traceId}', traceId);
  return (
    <span class="muted" data-testid="trace">
      {' · trace '}
      {href ? (
        <a href={href} target="_blank" rel="noreferrer">
          {traceId}
        </a>
      ) : (
        <code>{traceId}</code>
      )}
    </span>
  );
}

function Steps({ view }: { readonly view: RunView }) {
  return (
    <table class="steps">
      <caption>Steps</caption>
      <thead>
        <tr>
          <th scope="col">Step</th>
          <th scope="col">Agent</th>
          <th scope="col">State</th>
          <th scope="col">Version</th>
          <th scope="col">Task</th>
        </tr>
      </thead>
      <tbody>
        {view.steps.map((step) => (
          <tr key={step.step} data-testid={`step-${step.step}`}>
            <th scope="row">{step.step}</th>
            <td>{step.agent ? <span title={step.agent.url}>{step.agent.name}</span> : '—'}</td>
            <td title={step.error}>
              {step.outcome === 'skipped' || step.outcome === 'failed'
                ? step.outcome
                : step.state
                  ? stateLabel(step.state)
                  : (step.outcome ?? 'waiting')}
              {step.attempts && step.attempts > 1 ? ` (attempt ${step.attempts})` : ''}
            </td>
            <td data-testid={`version-${step.step}`}>
              {step.version === undefined ? '—' : `${step.version} of ${step.versions?.length ?? 1}`}
            </td>
            <td>
              <code>{step.taskId ?? '—'}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The run's chain as a graph (the version it runs), each step coloured by how it stands in the run. */
function RunGraph({ view }: { readonly view: RunView }) {
  const [chain, setChain] = useState<ChainDefinition | undefined>(undefined);
  const name = view.chain ?? 'default';
  const query = view.chainVersion === undefined ? '' : `?version=${view.chainVersion}`;
  useEffect(() => {
    api<{ definition: ChainDefinition }>(`/chains/${encodeURIComponent(name)}${query}`).then(
      (answer) => setChain(answer.definition),
      () => undefined,
    );
  }, [name, query]);
  if (chain === undefined) return null;
  return (
    <section aria-labelledby="graph-title">
      <h3 id="graph-title">Chain {name}</h3>
      <ChainGraph chain={chain} view={view} />
    </section>
  );
}

/** A pending approval: what it asks, the artifact shown (editable as JSON), approve or reject with a comment. */
function ApprovalCard({
  view,
  approval,
  call,
}: {
  readonly view: RunView;
  readonly approval: NonNullable<RunView['approvals']>[number];
  readonly call: (path: string, body?: unknown) => Promise<void>;
}) {
  const [edited, setEdited] = useState<string | undefined>(undefined);
  const [comment, setComment] = useState('');
  let parsed: { value?: unknown; error?: string } = {};
  if (edited !== undefined) {
    try {
      parsed = { value: JSON.parse(edited) };
    } catch (error) {
      parsed = { error: (error as Error).message };
    }
  }
  const decide = (approve: boolean) =>
    call(`/runs/${view.runId}/${approve ? 'approve' : 'reject'}`, {
      step: approval.key,
      ...(comment.trim() === '' ? {} : { comment: comment.trim() }),
      ...(approve && parsed.value !== undefined ? { artifact: parsed.value } : {}),
    });
  return (
    <section
      class="card approval"
      aria-labelledby={`approval-${approval.key}`}
      data-testid={`approval-${approval.step}`}
    >
      <h3 id={`approval-${approval.key}`}>Approval: {approval.step}</h3>
      <p>{approval.prompt}</p>
      {approval.deadline && <p class="muted">Decided by its timeout policy at {clock(approval.deadline)}</p>}
      {approval.artifact !== undefined && edited === undefined && (
        <>
          <JsonDataView value={approval.artifact} />
          <p>
            <button
              type="button"
              class="link"
              onClick={() => setEdited(JSON.stringify(approval.artifact, null, 2))}
            >
              Edit before approving
            </button>
          </p>
        </>
      )}
      {edited !== undefined && (
        <label>
          The artifact, as JSON
          <textarea
            rows={10}
            value={edited}
            onInput={(event) => setEdited((event.currentTarget as HTMLTextAreaElement).value)}
          />
          {parsed.error && <span role="alert">Not JSON: {parsed.error}</span>}
        </label>
      )}
      <label>
        Comment
        <input
          value={comment}
          onInput={(event) => setComment((event.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <button type="button" disabled={parsed.error !== undefined} onClick={() => void decide(true)}>
        {edited === undefined ? 'Approve' : 'Approve as edited'}
      </button>{' '}
      <button type="button" class="secondary" onClick={() => void decide(false)}>
        Reject
      </button>
    </section>
  );
}

function Controls({ view, onChange }: { readonly view: RunView; readonly onChange: () => void }) {
  const [error, setError] = useState<string | undefined>(undefined);
  const call = async (path: string, body?: unknown) => {
    setError(undefined);
    try {
      await api(path, { method: 'POST', ...(body === undefined ? {} : { body }) });
      onChange();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  const answer = (step: string) => (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const text = String(new FormData(form).get('answer') ?? '').trim();
    if (text !== '') void call(`/runs/${view.runId}/answer`, { answer: text, step }).then(() => form.reset());
  };
  const questions = view.questions ?? (view.question ? [view.question] : []);
  const pending = (view.approvals ?? []).filter((approval) => approval.status === 'pending');
  return (
    <>
      {pending.map((approval) => (
        <ApprovalCard key={approval.key} view={view} approval={approval} call={call} />
      ))}
      {view.status === 'input-required' &&
        questions.map((question) => (
          <form
            key={question.step}
            class="card question"
            onSubmit={answer(question.step)}
            aria-labelledby={`question-${question.step}`}
          >
            <h3 id={`question-${question.step}`}>The {question.step} agent asks</h3>
            <p>{question.text}</p>
            <label>
              Your answer
              <input name="answer" required />
            </label>
            <button type="submit">Answer</button>
          </form>
        ))}
      {!isFinishedRun(view.status) && (
        <button type="button" class="secondary" onClick={() => void call(`/runs/${view.runId}/cancel`)}>
          Cancel run
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </>
  );
}
