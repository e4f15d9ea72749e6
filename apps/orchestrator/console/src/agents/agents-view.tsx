import { useEffect, useState } from 'preact/hooks';
import { AgentCardView } from '../shared/agent-card-view.tsx';
import { api } from '../shared/api.ts';

interface AgentStatus {
  readonly url: string;
  readonly reachable: boolean;
  readonly card?: Parameters<typeof AgentCardView>[0]['card'];
  readonly shape?: string;
  readonly steps?: readonly string[];
  readonly error?: string;
}

/** Every agent the orchestrator is configured with: its card, the steps it does, whether it answers. */
export function AgentsView() {
  const [agents, setAgents] = useState<readonly AgentStatus[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const load = () => {
    setError(undefined);
    api<{ agents: AgentStatus[] }>('/agents').then(
      (found) => setAgents(found.agents),
      (failure: Error) => setError(failure.message),
    );
  };
  useEffect(load, []);
  return (
    <section aria-labelledby="agents-title">
      <h2 id="agents-title">Agents</h2>
      <button type="button" class="secondary" onClick={load}>
        Check again
      </button>
      {error && <p role="alert">{error}</p>}
      {agents === undefined && <p class="muted">Reading their cards…</p>}
      {agents?.map((agent) => (
        <article key={agent.url} class="card" data-testid="agent">
          <h3>
            {agent.card?.name ?? agent.url}{' '}
            <span class={`status ${agent.reachable ? 'status-completed' : 'status-failed'}`}>
              {agent.reachable ? 'reachable' : 'unreachable'}
            </span>
          </h3>
          <p class="muted">
            {agent.url}
            {agent.steps && agent.steps.length > 0 && <> · steps: {agent.steps.join(', ')}</>}
            {agent.shape && <> · card {agent.shape}</>}
          </p>
          {agent.error && <p class="error">{agent.error}</p>}
          {agent.card && <AgentCardView card={agent.card} />}
        </article>
      ))}
    </section>
  );
}
