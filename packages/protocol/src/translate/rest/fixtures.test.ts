import { describe, expect, it } from 'vitest';
import { loadJson } from '../../../test/fixtures/translate/helpers.ts';
import { REST_PAIRS, type RestPair, runRest } from '../../../test/fixtures/translate/rest-pairs.ts';
import * as rest from '../../v03/rest/index.ts';

const { card, sendRequest, sendResponse, streamEvent, task, pushConfig, pushConfigList } = REST_PAIRS;

interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly requestBody?: unknown;
  readonly responseBody: unknown;
}

// Which body of which captured exchange is which 0.3 REST object.
const ROUTES: [string, RegExp, RestPair | undefined, RestPair | undefined][] = [
  ['GET', /\/v1\/card$/, undefined, card],
  ['POST', /\/v1\/message:send$/, sendRequest, sendResponse],
  ['POST', /\/v1\/message:stream$/, sendRequest, streamEvent],
  ['GET', /\/v1\/tasks\/[^/]+$/, undefined, task],
  ['POST', /\/pushNotificationConfigs$/, pushConfig, pushConfig],
  ['GET', /\/pushNotificationConfigs\/[^/]+$/, undefined, pushConfig],
  ['GET', /\/pushNotificationConfigs$/, undefined, pushConfigList],
  ['DELETE', /\/pushNotificationConfigs\/[^/]+$/, undefined, undefined],
];

const exchanges = loadJson<Exchange[]>('v03/captured/a2a-js-1.3.0-rest.json');

function bodiesOf(exchange: Exchange): [string, RestPair, unknown][] {
  const route = ROUTES.find(([method, path]) => method === exchange.method && path.test(exchange.path));
  if (route === undefined) throw new Error(`no route for ${exchange.method} ${exchange.path}`);
  const [, , request, response] = route;
  const label = `${exchange.method} ${exchange.path}`;
  const found: [string, RestPair, unknown][] = [];
  if (request !== undefined) found.push([`${label} request`, request, exchange.requestBody]);
  if (response === undefined) return found;
  const body = exchange.responseBody;
  const frames =
    typeof body === 'object' && body !== null && 'sse' in body ? (body.sse as unknown[]) : [body];
  frames.forEach((frame, index) => {
    found.push([frames.length > 1 ? `${label} event ${index}` : `${label} response`, response, frame]);
  });
  return found;
}

const cases = exchanges.flatMap(bodiesOf);

describe('0.3 REST traffic captured from a2a-js: 0.3 REST → 1.0 → 0.3 REST', () => {
  it('finds every body', () => {
    expect(cases.map(([label]) => label.replace(/[0-9a-f-]{36}/g, '{id}'))).toEqual([
      'GET /a2a/rest/v1/card response',
      'POST /a2a/rest/v1/message:send request',
      'POST /a2a/rest/v1/message:send response',
      'POST /a2a/rest/v1/message:stream request',
      'POST /a2a/rest/v1/message:stream event 0',
      'POST /a2a/rest/v1/message:stream event 1',
      'POST /a2a/rest/v1/message:stream event 2',
      'POST /a2a/rest/v1/message:stream event 3',
      'GET /a2a/rest/v1/tasks/{id} response',
      'POST /a2a/rest/v1/tasks/{id}/pushNotificationConfigs request',
      'POST /a2a/rest/v1/tasks/{id}/pushNotificationConfigs response',
      'GET /a2a/rest/v1/tasks/{id}/pushNotificationConfigs/cfg-1 response',
      'GET /a2a/rest/v1/tasks/{id}/pushNotificationConfigs response',
    ]);
  });

  it.each(cases.filter(([, found]) => found !== card))('%s', (_, found, json) => {
    const input = found.rest.parse(json);
    const there = runRest(found, input, 'fromV03');
    const back = runRest(found, there.out, 'toV03');
    expect(back.out).toStrictEqual(input);
    expect([...there.losses, ...back.losses]).toEqual([]);
  });

  it('round-trips the card up to the documented normalizations', () => {
    const [, , json] = cases[0] ?? [];
    const input = rest.AgentCardSchema.parse(json);
    const there = runRest(card, input, 'fromV03');
    const back = runRest(card, there.out, 'toV03');
    expect([...there.losses, ...back.losses]).toEqual([]);
    expect(back.out).toStrictEqual({
      ...input,
      protocolVersion: '0.3.0',
      additionalInterfaces: [{ url: input.url, transport: 'JSONRPC' }, ...(input.additionalInterfaces ?? [])],
    });
  });
});

describe('0.3 REST traffic captured from a2a-js: 0.3 REST → 0.3 JSON-RPC → 0.3 REST', () => {
  it.each(cases)('%s', (_, found, json) => {
    const input = found.rest.parse(json);
    const there = runRest(found, input, 'toJsonRpc');
    const back = runRest(found, there.out, 'fromJsonRpc');
    expect(back.out).toStrictEqual(input);
    expect([...there.losses, ...back.losses]).toEqual([]);
  });

  it('gives the 0.3 JSON-RPC form of the captured task, field by field', () => {
    const [, , json] = cases.find(([label]) => label.startsWith('GET /a2a/rest/v1/tasks/')) ?? [];
    const restTask = rest.TaskSchema.parse(json);
    const jsonRpcTask = runRest(REST_PAIRS.task, restTask, 'toJsonRpc').out;
    expect(jsonRpcTask).toMatchObject({
      kind: 'task',
      id: restTask.id,
      status: { state: 'completed' },
      history: [
        {
          kind: 'message',
          role: 'user',
          parts: [
            { kind: 'text', text: 'Outline the history of tea' },
            { kind: 'file', file: { bytes: 'aGk=', mimeType: 'text/plain' } },
          ],
        },
        { kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'Working on it' }] },
      ],
      artifacts: [
        {
          parts: [
            { kind: 'text', text: '# Outline' },
            { kind: 'file', file: { bytes: 'aGVsbG8=', mimeType: 'text/plain' } },
            { kind: 'file', file: { uri: 'https://files.example.com/a.pdf', mimeType: 'application/pdf' } },
            { kind: 'data', data: { sections: 3, title: 'Tea' } },
          ],
        },
      ],
    });
  });
});
