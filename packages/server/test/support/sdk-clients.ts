/**
 * The official `@a2a-js/sdk` clients, built the way an application builds them: from the agent card fetched
 * at the server's base URL (the SDK's card resolver and `ClientFactory`), never from hand-written endpoints.
 */
import {
  AGENT_CARD_PATH,
  type AgentCard,
  Message,
  SendMessageRequest,
  StreamResponse,
  Task,
} from '@a2a-js/sdk';
import {
  type AgentCardResolver,
  type Client,
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import { isLegacyAgentCard, parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';

/** One of the four client flavours: protocol version and binding. */
export interface ClientKind {
  readonly name: string;
  readonly version: '1.0' | '0.3';
  readonly binding: 'JSONRPC' | 'HTTP+JSON';
}

export const CLIENT_KINDS: readonly ClientKind[] = [
  { name: '1.0 JSON-RPC', version: '1.0', binding: 'JSONRPC' },
  { name: '1.0 HTTP+JSON', version: '1.0', binding: 'HTTP+JSON' },
  { name: '0.3 JSON-RPC', version: '0.3', binding: 'JSONRPC' },
  { name: '0.3 HTTP+JSON', version: '0.3', binding: 'HTTP+JSON' },
];

/**
 * How a 0.3 client discovers the agent: it sends no `A2A-Version`, so the server answers with its 0.3 card,
 * and it reads only the 0.3 fields (`url`, `preferredTransport`, `additionalInterfaces`). The SDK's own
 * resolver reads that hybrid card as a 1.0 card (it has `supportedInterfaces`) and its factory then always
 * picks the 1.0 interface, so this resolver drops the 1.0-only field before the SDK's 0.3 card parser runs.
 */
class V03CardResolver implements AgentCardResolver {
  constructor(private readonly fetchImpl: typeof fetch) {}

  async resolve(baseUrl: string, path?: string): Promise<AgentCard> {
    const response = await this.fetchImpl(new URL(path ?? AGENT_CARD_PATH, baseUrl));
    if (!response.ok) throw new Error(`card: HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) throw new Error('card: not an object');
    const v03Fields = Object.fromEntries(
      Object.entries(body).filter(([key]) => key !== 'supportedInterfaces'),
    );
    if (!isLegacyAgentCard(v03Fields)) throw new Error('card: the 0.3 fields do not make a 0.3 card');
    return parseLegacyAgentCard(v03Fields);
  }
}

/**
 * Builds a client of `kind` from the card the server at `baseUrl` publishes: only the base URL is given, the
 * endpoint comes from the card. Every request (the card's too) goes through `fetchImpl`.
 */
export async function discoverClient(
  baseUrl: string,
  kind: ClientKind,
  fetchImpl: typeof fetch = fetch,
): Promise<Client> {
  const legacyCompat = { enabled: kind.version === '0.3' };
  const factory = new ClientFactory({
    transports: [
      new JsonRpcTransportFactory({ legacyCompat, fetchImpl }),
      new RestTransportFactory({ legacyCompat, fetchImpl }),
    ],
    preferredTransports: [kind.binding],
    cardResolver:
      kind.version === '1.0' ? new DefaultAgentCardResolver({ fetchImpl }) : new V03CardResolver(fetchImpl),
  });
  return factory.createFromUrl(baseUrl);
}

/** A `fetch` that also keeps the raw text of every SSE response, read from a copy the client never sees. */
export interface StreamTap {
  readonly fetch: typeof fetch;
  /** Every request as `METHOD url (A2A-Version: v)`, in order; the version only when the header was sent. */
  readonly requests: string[];
  /** The raw SSE body of each streaming response, in order, complete once the client read its copy. */
  readonly streams: Promise<string>[];
}

export function tapStreams(): StreamTap {
  const requests: string[] = [];
  const streams: Promise<string>[] = [];
  const tapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const version = request.headers.get('A2A-Version');
    requests.push(`${request.method} ${request.url}${version === null ? '' : ` (A2A-Version: ${version})`}`);
    const response = await fetch(request);
    if (response.headers.get('Content-Type')?.startsWith('text/event-stream')) {
      streams.push(response.clone().text());
    }
    return response;
  };
  return { fetch: tapped, requests, streams };
}

/** A user message with `text` in `contextId` (and on `taskId` when continuing a task). */
export function sendRequest(
  text: string,
  options: { contextId: string; taskId?: string; returnImmediately?: boolean; historyLength?: number },
): SendMessageRequest {
  return SendMessageRequest.fromJSON({
    message: {
      messageId: crypto.randomUUID(),
      role: 'ROLE_USER',
      contextId: options.contextId,
      ...(options.taskId ? { taskId: options.taskId } : {}),
      parts: [{ text }],
    },
    configuration: {
      returnImmediately: options.returnImmediately ?? false,
      ...(options.historyLength === undefined ? {} : { historyLength: options.historyLength }),
    },
  });
}

/** What a send answered: a Task or a direct Message, as ProtoJSON for exact comparisons. */
export type SendAnswer = { readonly kind: 'task'; readonly task: TaskJson } | { readonly kind: 'message' };

/** A Task in the SDK's ProtoJSON, narrowed to what the tests read. */
export interface TaskJson {
  readonly id: string;
  readonly contextId: string;
  readonly status: { readonly state: string; readonly message?: MessageJson };
  readonly artifacts?: readonly ArtifactJson[];
  readonly history?: readonly MessageJson[];
}

export interface MessageJson {
  readonly role: string;
  readonly parts: readonly { readonly text?: string }[];
}

export interface ArtifactJson {
  readonly artifactId: string;
  readonly parts: readonly { readonly text?: string }[];
}

/** The SDK's Task as ProtoJSON. */
export const taskJson = (task: Task): TaskJson => Task.toJSON(task) as TaskJson;

/** The SDK's Message as ProtoJSON. */
export const messageJson = (message: Message): MessageJson => Message.toJSON(message) as MessageJson;

/** The text of parts, joined. */
export const textOf = (parts: readonly { readonly text?: string }[] | undefined): string =>
  (parts ?? []).map((part) => part.text ?? '').join('');

/** One stream event, reduced to what the sequence assertions compare. */
export type EventSummary =
  | { readonly kind: 'task'; readonly id: string; readonly state: string }
  | { readonly kind: 'message'; readonly text: string }
  | { readonly kind: 'status'; readonly state: string }
  | {
      readonly kind: 'artifact';
      readonly artifactId: string;
      readonly text: string;
      readonly append: boolean;
      readonly lastChunk: boolean;
    };

export function summarize(event: StreamResponse): EventSummary {
  const payload = event.payload;
  switch (payload?.$case) {
    case 'task':
      return { kind: 'task', id: payload.value.id, state: taskJson(payload.value).status.state };
    case 'message':
      return { kind: 'message', text: textOf(messageJson(payload.value).parts) };
    case 'statusUpdate': {
      const json = StreamResponse.toJSON(event) as { statusUpdate: { status: { state: string } } };
      return { kind: 'status', state: json.statusUpdate.status.state };
    }
    case 'artifactUpdate': {
      const { artifact, append, lastChunk } = payload.value;
      const parts = artifact?.parts ?? [];
      const text = parts.map((part) => (part.content?.$case === 'text' ? part.content.value : '')).join('');
      return { kind: 'artifact', artifactId: artifact?.artifactId ?? '', text, append, lastChunk };
    }
    default:
      throw new Error('a stream event without a payload');
  }
}

/** Reads an SDK stream to its end. */
export async function collect(events: AsyncIterable<StreamResponse>): Promise<EventSummary[]> {
  const all: EventSummary[] = [];
  for await (const event of events) all.push(summarize(event));
  return all;
}

/** Narrows a send result to a Task as ProtoJSON, failing the test on a direct Message. */
export function expectTask(result: Message | Task): TaskJson {
  if (!('status' in result)) throw new Error('expected a Task, got a Message');
  return taskJson(result);
}
