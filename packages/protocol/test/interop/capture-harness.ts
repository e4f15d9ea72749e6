/**
 * Live-interop harness: loopback listening, a recording `fetch` that keeps every request and response body (SSE
 * as frames) without disturbing the client that reads them, and the SDK's four HTTP clients built on that fetch.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentCard } from '@a2a-js/sdk';
import { Client, JsonRpcTransportFactory, RestTransportFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport, LegacyRestTransport } from '@a2a-js/sdk/compat/v0_3/client';

/** Listens on 127.0.0.1 on a free port. */
export function listen(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** `http://127.0.0.1:<port>` of a listening server. */
export function baseUrl(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** One HTTP exchange as the client saw it; SSE bodies are kept as their frames. */
export interface Exchange {
  readonly method: string;
  readonly url: URL;
  /** The `A2A-Version` request header, if sent. */
  readonly version: string | undefined;
  readonly requestBody: unknown;
  readonly status: number;
  readonly contentType: string;
  /** The parsed JSON body (undefined when empty or SSE). */
  readonly responseBody: unknown;
  /** For `text/event-stream` responses: each frame's event type and parsed `data`. */
  readonly frames: readonly SseFrame[] | undefined;
}

export interface SseFrame {
  readonly event: string;
  readonly data: unknown;
}

/** A `fetch` for the SDK clients that records each request and response without disturbing either. */
export interface Recorder {
  readonly fetch: typeof fetch;
  /** Waits until every recorded body (including SSE streams) has been read to its end. */
  settled(): Promise<Exchange[]>;
}

export function createRecorder(): Recorder {
  const pending: Promise<Exchange>[] = [];
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const requestText = await request.clone().text();
    const response = await fetch(request);
    const copy = response.clone();
    const contentType = response.headers.get('content-type') ?? '';
    pending.push(
      copy.text().then((text) => ({
        method: request.method,
        url: new URL(request.url),
        version: request.headers.get('a2a-version') ?? undefined,
        requestBody: requestText === '' ? undefined : JSON.parse(requestText),
        status: response.status,
        contentType,
        responseBody:
          text === '' || contentType.startsWith('text/event-stream') ? undefined : JSON.parse(text),
        frames: contentType.startsWith('text/event-stream') ? parseSse(text) : undefined,
      })),
    );
    return response;
  };
  return { fetch: recordingFetch, settled: () => Promise.all(pending) };
}

/** Splits an SSE body into frames (`event:` defaults to `message`; multi-line `data:` is joined). */
export function parseSse(text: string): SseFrame[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      return { event, data: JSON.parse(data.join('\n')) };
    });
}

/** The SDK's four HTTP clients: its own 1.0 transports and its 0.3 compat transports, all on `fetchImpl`. */
export interface SdkClients {
  readonly v1JsonRpc: Client;
  readonly v1Rest: Client;
  readonly v03JsonRpc: Client;
  readonly v03Rest: Client;
}

export async function sdkClients(
  server: { readonly base: string; readonly card: AgentCard },
  fetchImpl: typeof fetch,
): Promise<SdkClients> {
  const { base, card } = server;
  const rpc = `${base}/a2a/jsonrpc`;
  const rest = `${base}/a2a/rest`;
  return {
    v1JsonRpc: new Client(await new JsonRpcTransportFactory({ fetchImpl }).create(rpc, card), card),
    v1Rest: new Client(await new RestTransportFactory({ fetchImpl }).create(rest, card), card),
    v03JsonRpc: new Client(new LegacyJsonRpcTransport({ endpoint: rpc, fetchImpl }), card),
    v03Rest: new Client(new LegacyRestTransport({ endpoint: rest, fetchImpl }), card),
  };
}
