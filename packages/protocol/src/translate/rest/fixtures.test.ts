import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectValid, loadJson, recording } from '../../../test/fixtures/translate/helpers.ts';
import * as v1 from '../../v1/index.ts';
import * as rest from '../../v03/rest/index.ts';
import type { TranslateOptions } from '../loss.ts';
import * as translateRest from './index.ts';

interface RestPair {
  readonly rest: z.ZodType;
  readonly v1: z.ZodType;
  readonly fromV03: (value: never, options: TranslateOptions) => unknown;
  readonly toV03: (value: never, options: TranslateOptions) => unknown;
}

const pair = <A, B>(
  restSchema: z.ZodType<A>,
  v1Schema: z.ZodType<B>,
  fromV03: (value: A, options: TranslateOptions) => B,
  toV03: (value: B, options: TranslateOptions) => A,
): RestPair => ({ rest: restSchema, v1: v1Schema, fromV03, toV03 }) as RestPair;

const card = pair(
  rest.AgentCardSchema,
  v1.AgentCardSchema,
  translateRest.agentCardFromV03,
  translateRest.agentCardToV03,
);
const sendRequest = pair(
  rest.SendMessageRequestSchema,
  v1.SendMessageRequestSchema,
  translateRest.sendMessageRequestFromV03,
  translateRest.sendMessageRequestToV03,
);
const sendResponse = pair(
  rest.SendMessageResponseSchema,
  v1.SendMessageResponseSchema,
  translateRest.sendMessageResponseFromV03,
  translateRest.sendMessageResponseToV03,
);
const streamEvent = pair(
  rest.StreamResponseSchema,
  v1.StreamResponseSchema,
  translateRest.streamResponseFromV03,
  translateRest.streamResponseToV03,
);
const task = pair(rest.TaskSchema, v1.TaskSchema, translateRest.taskFromV03, translateRest.taskToV03);
const pushConfig = pair(
  rest.TaskPushNotificationConfigSchema,
  v1.TaskPushNotificationConfigSchema,
  translateRest.taskPushNotificationConfigFromV03,
  translateRest.taskPushNotificationConfigToV03,
);
const pushConfigList = pair(
  rest.ListTaskPushNotificationConfigResponseSchema,
  v1.ListTaskPushNotificationConfigsResponseSchema,
  translateRest.listTaskPushNotificationConfigsResponseFromV03,
  translateRest.listTaskPushNotificationConfigsResponseToV03,
);

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

function run(found: RestPair, value: unknown, direction: 'fromV03' | 'toV03') {
  const { losses, options } = recording();
  const out = found[direction](value as never, options);
  expectValid(direction === 'fromV03' ? found.v1 : found.rest, out);
  return { out, losses };
}

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
    const there = run(found, input, 'fromV03');
    const back = run(found, there.out, 'toV03');
    expect(back.out).toStrictEqual(input);
    expect([...there.losses, ...back.losses]).toEqual([]);
  });

  it('round-trips the card up to the documented normalizations', () => {
    const [, , json] = cases[0] ?? [];
    const input = rest.AgentCardSchema.parse(json);
    const there = run(card, input, 'fromV03');
    const back = run(card, there.out, 'toV03');
    expect([...there.losses, ...back.losses]).toEqual([]);
    expect(back.out).toStrictEqual({
      ...input,
      protocolVersion: '0.3.0',
      additionalInterfaces: [{ url: input.url, transport: 'JSONRPC' }, ...(input.additionalInterfaces ?? [])],
    });
  });
});
