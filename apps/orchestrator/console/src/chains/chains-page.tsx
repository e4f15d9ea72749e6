import { useEffect, useState } from 'preact/hooks';
import { api, dateAndTime } from '../shared/api.ts';
import { ChainGraph } from './chain-graph.tsx';
import type { ChainDefinition } from './chain-types.ts';

interface ChainSummary {
  readonly name: string;
  readonly description: string;
  readonly version: number;
  readonly versions: number;
  readonly retired: boolean;
}

interface ChainDetail {
  readonly name: string;
  readonly version: number;
  readonly retired: boolean;
  readonly definition: ChainDefinition;
  readonly versions: readonly { readonly version: number; readonly createdAt: string }[];
}

/** Every chain runs may name, with its newest version and how many it has. */
export function ChainsPage() {
  const [chains, setChains] = useState<readonly ChainSummary[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    api<{ chains: ChainSummary[] }>('/chains').then(
      (answer) => setChains(answer.chains),
      (failure: Error) => setError(failure.message),
    );
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!chains) return <p class="muted">Loading chains…</p>;
  return (
    <table class="chains" data-testid="chains">
      <caption>Chains</caption>
      <thead>
        <tr>
          <th scope="col">Chain</th>
          <th scope="col">Version</th>
          <th scope="col">What it does</th>
        </tr>
      </thead>
      <tbody>
        {chains.map((chain) => (
          <tr key={chain.name} data-testid={`chain-${chain.name}`}>
            <th scope="row">
              <a href={`#/chains/${chain.name}`}>{chain.name}</a>
              {chain.retired && <span class="muted"> (retired)</span>}
            </th>
            <td>
              {chain.version} of {chain.versions}
            </td>
            <td>{chain.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One chain: its graph, its versions (each can be shown), and its definition as JSON. */
export function ChainPage({ name }: { readonly name: string }) {
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [detail, setDetail] = useState<ChainDetail | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    const query = version === undefined ? '' : `?version=${version}`;
    api<ChainDetail>(`/chains/${encodeURIComponent(name)}${query}`).then(setDetail, (failure: Error) =>
      setError(failure.message),
    );
  }, [name, version]);
  if (error) return <p role="alert">{error}</p>;
  if (!detail) return <p class="muted">Loading chain {name}…</p>;
  return (
    <article aria-labelledby="chain-title">
      <p>
        <a href="#/chains">← All chains</a>
      </p>
      <h2 id="chain-title">
        {detail.name} <span class="muted">version {detail.version}</span>
        {detail.retired && <span class="muted"> (retired)</span>}
      </h2>
      <p>{detail.definition.description}</p>
      <ChainGraph chain={detail.definition} />
      <label>
        Version{' '}
        <select
          value={String(detail.version)}
          onChange={(event) => setVersion(Number((event.currentTarget as HTMLSelectElement).value))}
        >
          {detail.versions.map((entry) => (
            <option key={entry.version} value={String(entry.version)}>
              {entry.version} ({dateAndTime(entry.createdAt)})
            </option>
          ))}
        </select>
      </label>
      <details>
        <summary>Definition (JSON: POST /chains takes it back)</summary>
        <pre>{JSON.stringify(detail.definition, null, 2)}</pre>
      </details>
    </article>
  );
}
