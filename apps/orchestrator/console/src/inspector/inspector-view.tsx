import { type A2AClient, createA2AClient, resolveAgentCard, userMessage } from '@baton/client';
import type { AgentCard, StreamResponse } from '@baton/protocol';
import { useState } from 'preact/hooks';
import { AgentCardView } from '../shared/agent-card-view.tsx';
import { JsonDataView } from '../shared/data-view.tsx';
import { describeEvent } from './describe-event.ts';

type Binding = 'any' | 'JSONRPC' | 'HTTP+JSON';
type Version = 'any' | '1.0' | '0.3';

interface Logged {
  readonly at: string;
  readonly summary: string;
  readonly raw: unknown;
}

/** The DataParts an event carries (an artifact's, a message's, a status message's), to show as data. */
function dataOf(raw: unknown): unknown[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const event = raw as Partial<StreamResponse> & { parts?: unknown };
  const parts =
    'artifactUpdate' in event
      ? event.artifactUpdate?.artifact.parts
      : 'message' in event
        ? event.message?.parts
        : 'statusUpdate' in event
          ? event.statusUpdate?.status.message?.parts
          : 'task' in event
            ? event.task?.artifacts?.flatMap((artifact) => artifact.parts)
            : undefined;
  return (parts ?? []).flatMap((part) => ('data' in part ? [part.data] : []));
}

/**
 * Any A2A agent, from this page: its card (and why it is not valid), a message sent blocking or streaming, the
 * events raw and rendered, a task read or canceled. Everything goes through `@baton/client` in the browser.
 */
export function InspectorView() {
  const [url, setUrl] = useState('');
  const [binding, setBinding] = useState<Binding>('any');
  const [version, setVersion] = useState<Version>('any');
  const [card, setCard] = useState<{ card: AgentCard; shape: string; raw: unknown } | undefined>(undefined);
  const [client, setClient] = useState<A2AClient | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [log, setLog] = useState<readonly Logged[]>([]);
  const [taskId, setTaskId] = useState('');
  const [busy, setBusy] = useState(false);

  const record = (summary: string, raw: unknown) =>
    setLog((previous) => [...previous, { at: new Date().toISOString(), summary, raw }]);
  const attempt = async (work: () => Promise<void>) => {
    setProblem(undefined);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const connect = (event: SubmitEvent) => {
    event.preventDefault();
    void attempt(async () => {
      setCard(undefined);
      setClient(undefined);
      const resolved = await resolveAgentCard(url.trim());
      setCard({ card: resolved.card, shape: resolved.shape, raw: resolved.raw });
      const connected = await createA2AClient({
        agent: resolved.card,
        ...(binding === 'any' ? {} : { preferredBindings: [binding] }),
        ...(version === 'any' ? {} : { preferredVersions: [version] }),
      });
      setClient(connected);
      record(`connected over ${connected.transport.binding} ${connected.transport.version}`, {
        url: connected.transport.url,
      });
    });
  };

  const send = (mode: 'send' | 'stream', text: string) =>
    attempt(async () => {
      if (!client) return;
      const message = userMessage(text, taskId ? { taskId } : {});
      if (mode === 'send') {
        const result = await client.sendMessage({ message });
        const task = 'task' in result ? result.task : undefined;
        if (task) setTaskId(task.id);
        record(task ? describeEvent({ task }) : 'message reply', result);
        return;
      }
      for await (const event of client.streamMessage({ message })) {
        if ('task' in event) setTaskId(event.task.id);
        if ('statusUpdate' in event) setTaskId(event.statusUpdate.taskId);
        record(describeEvent(event as StreamResponse), event);
      }
      record('stream ended', null);
    });

  const taskCall = (kind: 'get' | 'cancel') =>
    attempt(async () => {
      if (!client || !taskId) return;
      const task = kind === 'get' ? await client.getTask(taskId) : await client.cancelTask(taskId);
      record(`${kind}: ${describeEvent({ task })}`, task);
    });

  return (
    <section aria-labelledby="inspector-title">
      <h2 id="inspector-title">Inspector</h2>
      <form class="card" onSubmit={connect}>
        <label>
          Agent base URL (or card URL)
          <input
            name="url"
            type="url"
            required
            value={url}
            placeholder="http://127.0.0.1:4101"
            onInput={(event) => setUrl((event.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <div class="row">
          <label>
            Binding
            <select
              value={binding}
              onChange={(event) => setBinding((event.currentTarget as HTMLSelectElement).value as Binding)}
            >
              <option value="any">as the card prefers</option>
              <option value="JSONRPC">JSON-RPC</option>
              <option value="HTTP+JSON">HTTP+JSON</option>
            </select>
          </label>
          <label>
            A2A version
            <select
              value={version}
              onChange={(event) => setVersion((event.currentTarget as HTMLSelectElement).value as Version)}
            >
              <option value="any">as the card prefers</option>
              <option value="1.0">1.0</option>
              <option value="0.3">0.3</option>
            </select>
          </label>
        </div>
        <button type="submit" disabled={busy}>
          Read card
        </button>
      </form>
      {problem && (
        <p role="alert" class="error" data-testid="inspector-problem">
          {problem}
        </p>
      )}
      {card && (
        <article class="card" data-testid="inspector-card">
          <h3>
            {card.card.name} <span class="muted">card {card.shape}</span>
          </h3>
          <AgentCardView card={card.card} />
          <details>
            <summary>Card as received</summary>
            <pre>{JSON.stringify(card.raw, null, 2)}</pre>
          </details>
        </article>
      )}
      {client && (
        <MessageForm busy={busy} taskId={taskId} onTaskId={setTaskId} onSend={send} onTask={taskCall} />
      )}
      {log.length > 0 && (
        <section aria-labelledby="events-title">
          <h3 id="events-title">Events</h3>
          <ol class="events" data-testid="inspector-events">
            {log.map((entry, index) => (
              <li key={`${index}-${entry.at}`}>
                <span>{entry.summary}</span>
                {dataOf(entry.raw).map((data, position) => (
                  <div key={position} class="data-view" data-testid="inspector-data">
                    <JsonDataView value={data} />
                  </div>
                ))}
                <details>
                  <summary>raw</summary>
                  <pre>{JSON.stringify(entry.raw, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}

interface MessageFormProps {
  readonly busy: boolean;
  readonly taskId: string;
  onTaskId(value: string): void;
  onSend(mode: 'send' | 'stream', text: string): Promise<void>;
  onTask(kind: 'get' | 'cancel'): Promise<void>;
}

function MessageForm({ busy, taskId, onTaskId, onSend, onTask }: MessageFormProps) {
  const [text, setText] = useState('');
  const submit = (mode: 'send' | 'stream') => (event: Event) => {
    event.preventDefault();
    if (text.trim() !== '') void onSend(mode, text);
  };
  return (
    <form class="card" onSubmit={submit('stream')}>
      <label>
        Message
        <input
          name="message"
          value={text}
          onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <label>
        Task id (to continue, get or cancel a task)
        <input
          name="taskId"
          value={taskId}
          onInput={(event) => onTaskId((event.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <div class="row buttons">
        <button type="submit" disabled={busy}>
          Stream
        </button>
        <button type="button" disabled={busy} onClick={submit('send')}>
          Send (blocking)
        </button>
        <button type="button" class="secondary" disabled={!taskId} onClick={() => void onTask('get')}>
          Get task
        </button>
        <button type="button" class="secondary" disabled={!taskId} onClick={() => void onTask('cancel')}>
          Cancel task
        </button>
      </div>
    </form>
  );
}
