import { useEffect, useState } from 'preact/hooks';
import { api } from '../shared/api.ts';

/** Topic, audience, length and sections; starts a run and opens it. */
export function StartRunForm() {
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [chains, setChains] = useState<readonly { name: string; description: string }[]>([]);
  useEffect(() => {
    api<{ chains: { name: string; description: string }[] }>('/chains').then(
      (found) => setChains(found.chains),
      () => setChains([]),
    );
  }, []);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const options: Record<string, unknown> = {};
    if (text('audience')) options.audience = text('audience');
    if (text('length')) options.length = text('length');
    if (text('sections')) options.sections = Number(text('sections'));
    setBusy(true);
    setError(undefined);
    try {
      const started = await api<{ runId: string }>('/runs', {
        method: 'POST',
        body: {
          topic: text('topic'),
          ...(text('chain') && text('chain') !== 'default' ? { chain: text('chain') } : {}),
          ...(Object.keys(options).length > 0 ? { options } : {}),
        },
      });
      window.location.hash = `#/runs/${started.runId}`;
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card start-run" onSubmit={submit} aria-labelledby="start-run">
      <h2 id="start-run">Start a run</h2>
      <label>
        Topic
        <input name="topic" placeholder="The history of tea (leave empty and the outline agent asks)" />
      </label>
      {chains.length > 1 && (
        // The label stands apart from the list, so the options' words are not part of its name.
        <div class="field">
          <label for="chain">Chain</label>
          <select id="chain" name="chain">
            {chains.map((chain) => (
              <option key={chain.name} value={chain.name} title={chain.description}>
                {chain.name}: {chain.description}
              </option>
            ))}
          </select>
        </div>
      )}
      <div class="row">
        <label>
          Audience
          <input name="audience" placeholder="general readers" />
        </label>
        <label>
          Length
          <select name="length">
            <option value="">default</option>
            <option value="short">short</option>
            <option value="medium">medium</option>
            <option value="long">long</option>
          </select>
        </label>
        <label>
          Sections
          <input name="sections" type="number" min={1} max={12} placeholder="3" />
        </label>
      </div>
      <button type="submit" disabled={busy}>
        {busy ? 'Starting…' : 'Start run'}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
