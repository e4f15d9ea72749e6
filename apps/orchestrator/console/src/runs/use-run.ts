import { useEffect, useState } from 'preact/hooks';
import { api } from '../shared/api.ts';
import { isFinalRunEvent, RUN_EVENT_TYPES, type RunEvent, type RunView } from './run-types.ts';

/** A run followed live: its view (read again when something a reader sees changes), its events, the streamed document. */
export interface LiveRun {
  readonly view: RunView | undefined;
  readonly events: readonly RunEvent[];
  /** The document's markdown as its chunks arrived. */
  readonly documentText: string;
  readonly error: string | undefined;
  /** Reads the view again (after an answer or a cancel). */
  refresh(): void;
}

/** Follows run `runId` from its SSE stream (`/runs/:id/events`), which replays the run's events first. */
export function useRun(runId: string): LiveRun {
  const [view, setView] = useState<RunView | undefined>(undefined);
  const [events, setEvents] = useState<readonly RunEvent[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [generation, setGeneration] = useState(0);

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
    const source = new EventSource(`/runs/${encodeURIComponent(runId)}/events`);
    const onEvent = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as RunEvent;
      setEvents((previous) => [...previous, event]);
      if (event.type !== 'artifact.chunk') setGeneration((value) => value + 1);
      // The stream ends after the final event; EventSource would connect again and replay it all.
      if (isFinalRunEvent(event.type)) source.close();
    };
    for (const type of RUN_EVENT_TYPES) source.addEventListener(type, onEvent as EventListener);
    return () => source.close();
  }, [runId]);

  const documentText = events
    .filter((event) => event.type === 'artifact.chunk' && event.step === 'document')
    .map((event) => event.text ?? '')
    .join('');
  return { view, events, documentText, error, refresh: () => setGeneration((value) => value + 1) };
}
