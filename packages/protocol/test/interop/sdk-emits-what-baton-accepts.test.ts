/**
 * Live check that Baton's schemas accept everything the official `@a2a-js/sdk` puts on the wire, for A2A 1.0
 * and 0.3 on JSON-RPC and HTTP+JSON: the SDK server (1.0 with legacy 0.3 compat) is driven by the SDK's own four
 * clients through every operation, each exchange is recorded and checked against {@link TABLE}.
 */
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentCardSchema,
  JsonRpcSuccessResponseSchema,
  type StreamResponse,
  StreamResponseSchema,
} from '../../src/index.ts';
import * as v03 from '../../src/v03/index.ts';
import { createRecorder, type Exchange, sdkClients } from './capture-harness.ts';
import { type Driven, driveClient } from './drive-sdk-clients.ts';
import {
  type Binding,
  CARD_BUG,
  CARD_PATH,
  checkExchange,
  field,
  findRow,
  matchRows,
  type Row,
  rowName,
  stateOf,
  TABLE,
  type Version,
} from './schema-table.ts';
import { ARTIFACT_ID, FILE_BYTES, FILE_URL, type SdkServer, startSdkServer } from './sdk-server.ts';

/** The only errors provoked on purpose: GetTask of an unknown id, CancelTask of a completed task. */
const EXPECTED_ERROR: Readonly<Record<string, number>> = { GetTask: -32001, CancelTask: -32002 };

let server: SdkServer | undefined;
let exchanges: Exchange[] = [];
const driven = new Map<string, Driven>();

beforeAll(async () => {
  server = await startSdkServer();
  const recorder = createRecorder();
  const clients = await sdkClients(server, recorder.fetch);
  driven.set('1.0 JSONRPC', await driveClient(clients.v1JsonRpc, { listTasks: true }));
  driven.set('1.0 HTTP+JSON', await driveClient(clients.v1Rest, { listTasks: true }));
  driven.set('0.3 JSONRPC', await driveClient(clients.v03JsonRpc, { listTasks: false }));
  driven.set('0.3 HTTP+JSON', await driveClient(clients.v03Rest, { listTasks: false }));
  await new DefaultAgentCardResolver({ fetchImpl: recorder.fetch }).resolve(server.base); // A2A-Version: 1.0
  await recorder.fetch(`${server.base}${CARD_PATH}`); // no A2A-Version: the 0.3 (hybrid) card
  exchanges = await recorder.settled();
});

afterAll(async () => {
  await server?.close();
});

const exchangesOf = (row: Row) => exchanges.filter((exchange) => matchRows(exchange)[0] === row);

describe('the SDK emits what Baton accepts', () => {
  it('records traffic, and every exchange matches exactly one row of the table', () => {
    expect(exchanges.length).toBeGreaterThan(40);
    const unmatched = exchanges
      .filter((exchange) => matchRows(exchange).length !== 1)
      .map(
        (exchange) => `${exchange.method} ${exchange.url.pathname} ${JSON.stringify(exchange.requestBody)}`,
      );
    expect(unmatched).toEqual([]);
  });

  for (const row of TABLE) {
    it(`${rowName(row)}: request and response parse, errors decode to the expected code`, () => {
      const mine = exchangesOf(row);
      expect(mine.length).toBeGreaterThan(0);
      const checked = mine.map((exchange) => checkExchange(row, exchange));
      const expected = row.binding === 'card' ? undefined : EXPECTED_ERROR[row.operation];
      expect(checked.flatMap((c) => c.errors.map((error) => error.code))).toEqual(expected ? [expected] : []);
      for (const c of checked) expect(c.payloads.length + c.errors.length).toBeGreaterThan(0);
      if (row.stream) expect(checked.flatMap((c) => c.payloads).length).toBeGreaterThan(mine.length);
    });
  }

  it(`reads the SDK's 1.0 card despite its bug: ${CARD_BUG}`, () => {
    const [card] = exchangesOf(findRow('1.0', 'card', 'AgentCard'));
    const body = card?.responseBody as { securitySchemes?: Record<string, unknown> } | undefined;
    expect(Object.values(body?.securitySchemes ?? {})).toEqual(
      Array(5).fill({ scheme: { $case: expect.any(String), value: expect.any(Object) } }),
    );
    const schemes = AgentCardSchema.parse(body).securitySchemes;
    expect(Object.keys(schemes ?? {}).sort()).toEqual(['bearer', 'key', 'mtls', 'oauth', 'oidc']);
    expect(schemes?.bearer).toMatchObject({
      httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' },
    });
    expect(schemes?.key).toMatchObject({ apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } });
    expect(schemes?.oauth).toMatchObject({
      oauth2SecurityScheme: {
        flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'Read' } } },
      },
    });
  });

  it('the SDK clients raise their own error types for the two provoked errors', () => {
    for (const [name, { thrown }] of driven) {
      const names = thrown.map((error) => (error instanceof Error ? error.constructor.name : String(error)));
      expect(names, name).toEqual([
        expect.stringMatching(/TaskNotFoundError$/),
        expect.stringMatching(/TaskNotCancelableError$/),
      ]);
    }
  });
});

/** One stream event reduced to what the tests compare across versions and bindings. */
interface Event {
  readonly kind: string;
  readonly state?: string;
  readonly append?: boolean;
  readonly lastChunk?: boolean;
  readonly parts?: readonly string[];
}

const STATE_1_0 = (state: string) =>
  state
    .replace(/^TASK_STATE_/, '')
    .toLowerCase()
    .replace('_', '-');

function eventV1(event: StreamResponse): Event {
  if ('task' in event) return { kind: 'task', state: STATE_1_0(event.task.status.state) };
  if ('message' in event) return { kind: 'message' };
  if ('statusUpdate' in event) return { kind: 'status', state: STATE_1_0(event.statusUpdate.status.state) };
  const { append = false, lastChunk = false, artifact } = event.artifactUpdate;
  const parts = artifact.parts.map((part) =>
    'text' in part
      ? `text:${part.text}`
      : 'data' in part
        ? 'data'
        : 'raw' in part
          ? `raw:${part.raw}`
          : `url:${part.url}`,
  );
  return { kind: 'artifact', append, lastChunk, parts: [artifact.artifactId, ...parts] };
}

function eventV03(event: v03.StreamEvent): Event {
  if (event.kind === 'task') return { kind: 'task', state: event.status.state };
  if (event.kind === 'message') return { kind: 'message' };
  if (event.kind === 'status-update') return { kind: 'status', state: event.status.state };
  const { append = false, lastChunk = false, artifact } = event;
  const parts = artifact.parts.map((part) =>
    part.kind !== 'file'
      ? `${part.kind}${part.kind === 'text' ? `:${part.text}` : ''}`
      : 'bytes' in part.file
        ? `raw:${part.file.bytes}`
        : `url:${part.file.uri}`,
  );
  return { kind: 'artifact', append, lastChunk, parts: [artifact.artifactId, ...parts] };
}

function eventV03Rest(event: v03.rest.StreamResponse): Event {
  const state = (s: string) =>
    s
      .replace(/^TASK_STATE_/, '')
      .toLowerCase()
      .replace('_', '-')
      .replace('cancelled', 'canceled');
  if ('task' in event) return { kind: 'task', state: state(event.task.status.state) };
  if ('message' in event) return { kind: 'message' };
  if ('statusUpdate' in event) return { kind: 'status', state: state(event.statusUpdate.status.state) };
  const { append = false, lastChunk = false, artifact } = event.artifactUpdate;
  const parts = artifact.parts.map((part) =>
    'text' in part
      ? `text:${part.text}`
      : 'data' in part
        ? 'data'
        : 'fileWithBytes' in part.file
          ? `raw:${part.file.fileWithBytes}`
          : `url:${part.file.fileWithUri}`,
  );
  return { kind: 'artifact', append, lastChunk, parts: [artifact.artifactId, ...parts] };
}

/** The events of each stream of `operation` for (version, binding), parsed through Baton and reduced. */
function streams(version: Version, binding: Binding, operation: string): Event[][] {
  return exchangesOf(findRow(version, binding, operation)).map((exchange) =>
    (exchange.frames ?? []).map(({ data }) => {
      if (binding === 'JSONRPC') {
        const { result } = JsonRpcSuccessResponseSchema.parse(data);
        return version === '1.0'
          ? eventV1(StreamResponseSchema.parse(result))
          : eventV03(v03.StreamEventSchema.parse(result));
      }
      return version === '1.0'
        ? eventV1(StreamResponseSchema.parse(data))
        : eventV03Rest(v03.rest.StreamResponseSchema.parse(data));
    }),
  );
}

const VARIANTS = [
  ['1.0', 'JSONRPC'],
  ['1.0', 'HTTP+JSON'],
  ['0.3', 'JSONRPC'],
  ['0.3', 'HTTP+JSON'],
] as const;

describe.each(VARIANTS)('exact values the SDK streamed over %s %s', (version, binding) => {
  it('the completing task: submitted → working → two artifact chunks → completed', () => {
    const [completing, direct] = streams(version, binding, 'SendStreamingMessage');
    expect(completing).toEqual([
      { kind: 'task', state: 'submitted' },
      { kind: 'status', state: 'working' },
      { kind: 'artifact', append: false, lastChunk: false, parts: [ARTIFACT_ID, 'text:# Tea', 'data'] },
      {
        kind: 'artifact',
        append: true,
        lastChunk: true,
        parts: [ARTIFACT_ID, `raw:${FILE_BYTES}`, `url:${FILE_URL}`],
      },
      { kind: 'status', state: 'completed' },
    ]);
    expect(direct).toEqual([{ kind: 'message' }]);
  });

  it('the subscription to the long task: its snapshot, then canceled', () => {
    expect(streams(version, binding, 'SubscribeToTask')).toEqual([
      [
        { kind: 'task', state: 'working' },
        { kind: 'status', state: 'canceled' },
      ],
    ]);
  });
});

describe.each(VARIANTS)('exact values the SDK answered over %s %s', (version, binding) => {
  const payloads = (operation: string) => {
    const row = findRow(version, binding, operation);
    return exchangesOf(row).flatMap((exchange) => checkExchange(row, exchange).payloads);
  };

  it('sends: completed (blocking), a message, input-required, then submitted (non-blocking)', () => {
    expect(payloads('SendMessage').map((payload) => stateOf(payload) ?? 'message')).toEqual([
      'completed',
      'message',
      'input-required',
      'submitted',
    ]);
  });

  it('0.3 marks only the last status update of a stream final; 1.0 has no final', () => {
    const finals = payloads('SendStreamingMessage').map(
      (p) => field(p, 'final') ?? field(p, 'statusUpdate', 'final'),
    );
    const expected =
      version === '0.3' ? [undefined, false, undefined, undefined, true] : Array(5).fill(undefined);
    expect(finals.slice(0, 5)).toEqual(expected);
  });

  it('cancel answers the canceled task; the extended card is the extended one', () => {
    const canceled = payloads('CancelTask');
    expect(canceled.map(stateOf)).toEqual(['canceled']);
    expect(payloads('GetExtendedAgentCard').map((card) => field(card, 'name'))).toEqual([
      'Interop agent (extended)',
    ]);
  });
});
