import { useState } from 'preact/hooks';
import { Markdown } from '../shared/markdown.tsx';
import type { ArtifactVersion, RunView } from './run-types.ts';

const markdownOf = (version: ArtifactVersion | undefined) =>
  (version?.artifact as { markdown?: string } | undefined)?.markdown ?? '';

/**
 * The run's document: as it streams while its step is writing, else the version chosen (the newest by default),
 * with a switch between versions once a refinement made more than one.
 */
export function DocumentCard({ view, streaming }: { readonly view: RunView; readonly streaming: string }) {
  const step = view.steps.find((shown) => shown.step === 'document');
  const versions = step?.versions ?? [];
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const writing = step !== undefined && step.outcome === undefined && streaming !== '';
  const shown = versions.find((version) => version.version === (chosen ?? step?.version));
  const text = writing
    ? streaming
    : shown
      ? markdownOf(shown)
      : (view.artifacts.document?.markdown ?? streaming);
  if (text === '') return null;
  return (
    <section aria-labelledby="document-title" class="card" data-testid="document">
      <h3 id="document-title">{writing ? 'Document (streaming)' : 'Document'}</h3>
      {!writing && versions.length > 1 && (
        <fieldset class="versions">
          <legend>Version</legend>
          {versions.map((version) => (
            <label key={version.version} title={version.instruction ?? ''}>
              <input
                type="radio"
                name="document-version"
                checked={version.version === shown?.version}
                onChange={() => setChosen(version.version)}
              />{' '}
              {version.version}
              {version.instruction ? ` · “${version.instruction}”` : version.refinement ? ' · re-run' : ''}
            </label>
          ))}
        </fieldset>
      )}
      <Markdown text={text} />
    </section>
  );
}
