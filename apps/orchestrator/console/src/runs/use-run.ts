import { useEffect, useState } from 'preact/hooks';
import { api } from '../shared/api.ts';
import { followEvents } from '../shared/follow-events.ts';
import { RUN_EVENT_TYPES, type RunEvent, type RunView } from './run-types.ts';

/** A run followed live: its view (read again when something a reader sees changes), its events, the streamed document. */
export interface LiveRun {
  readonly view: RunView | undefined;
  readonly events: readonly RunEvent[];
  /** The document's markdown as its chunks arrived. */
  readonly documentText: string;
  readonly error: string | undefined;
  /** Reads the view again (after an answer or a cancel). */
  refresh(): void;
  /** Follows the run's events again (after a refinement started: the run is running again). */
  follow(): void;
}

/** Follows run `runId` from its SSE stream (`/runs/:id/events`), which replays the run's events first. */
export function useRun(runId: string): LiveRun {
  const [view, setView] = useState<RunView | undefined>(undefined);
  const [events, setEvents] = useState<readonly RunEvent[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const [following, setFollowing] = useState(0);

  useEffect(() => {
    let live = true;
    api<RunView>(`/runs/${encodeURIComponent(runId)}`).then(
      (found) => live && setView(found),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [runId, generation]);

  useEffect(() => {
    setEvents([]);
    const stop = new AbortController();
    const types = new Set<string>(RUN_EVENT_TYPES);
    // The server ends the stream once the run (and any refinement) has ended; the page stops there. A
    // refinement follows the run again (`follow`).
    followEvents(
      `/runs/${encodeURIComponent(runId)}/events`,
      (type, data) => {
        if (!types.has(type)) return;
        const event = JSON.parse(data) as RunEvent;
        setEvents((previous) => [...previous, event]);
        if (event.type !== 'artifact.chunk') setGeneration((value) => value + 1);
      },
      stop.signal,
    ).catch(() => undefined);
    return () => stop.abort();
  }, [runId, following]);

  // The chunks of the document's latest task (a refinement writes the document again).
  const lastStart = events.findLastIndex(
    (event) => event.type === 'step.started' && event.step === 'document',
  );
  const documentText = events
    .slice(Math.max(lastStart, 0))
    .filter((event) => event.type === 'artifact.chunk' && event.step === 'document')
    .map((event) => event.text ?? '')
    .join('');
  return {
    view,
    events,
    documentText,
    error,
    refresh: () => setGeneration((value) => value + 1),
    follow: () => setFollowing((value) => value + 1),
  };
}
