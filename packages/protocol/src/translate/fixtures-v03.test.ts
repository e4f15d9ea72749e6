import { describe, expect, it } from 'vitest';
import { loadJson } from '../../test/fixtures/translate/helpers.ts';
import { PAIRS, type Pair, run } from '../../test/fixtures/translate/pairs.ts';
import * as v03 from '../v03/index.ts';
import * as translate from './index.ts';

const PARAMS_BY_METHOD: Record<string, Pair> = {
  'message/send': PAIRS.sendParams,
  'message/stream': PAIRS.sendParams,
  'tasks/get': PAIRS.taskQuery,
  'tasks/cancel': PAIRS.cancel,
  'tasks/resubscribe': PAIRS.subscribe,
  'tasks/pushNotificationConfig/set': PAIRS.pushConfig,
  'tasks/pushNotificationConfig/get': PAIRS.getPushConfig,
  'tasks/pushNotificationConfig/list': PAIRS.listPushConfigs,
  'tasks/pushNotificationConfig/delete': PAIRS.deletePushConfig,
};

interface Case {
  readonly name: string;
  readonly pair: Pair;
  readonly json: unknown;
}

function resultPairs(result: unknown): Pair[] {
  if (Array.isArray(result)) return [PAIRS.pushConfigList];
  if (typeof result !== 'object' || result === null) return [];
  if ('pushNotificationConfig' in result) return [PAIRS.pushConfig];
  const kind = v03.StreamEventSchema.parse(result).kind;
  return kind === 'task' || kind === 'message' ? [PAIRS.streamEvent, PAIRS.sendResult] : [PAIRS.streamEvent];
}

// Every JSON-RPC params and result object in a fixture, found by walking it.
function envelopeCases(file: string, json: unknown, path = ''): Case[] {
  if (typeof json !== 'object' || json === null) return [];
  const record = json as Record<string, unknown>;
  if (record.jsonrpc === '2.0') {
    const method = typeof record.method === 'string' ? record.method : undefined;
    const params = method === undefined ? undefined : PARAMS_BY_METHOD[method];
    if (params !== undefined) return [{ name: `${file}${path} params`, pair: params, json: record.params }];
    return resultPairs(record.result).map((found) => ({
      name: `${file}${path} result`,
      pair: found,
      json: record.result,
    }));
  }
  return Object.entries(record).flatMap(([key, value]) => envelopeCases(file, value, `${path}.${key}`));
}

const V03_FILES = [
  'digest-2.3-jsonrpc-examples.json',
  'digest-2.8-stream-events.json',
  'spec-9.2-basic-execution.json',
  'spec-9.3-streaming.json',
  'spec-9.4-multi-turn.json',
  'spec-9.5-push-notifications.json',
  'spec-9.6-file-exchange.json',
  'spec-9.7-structured-data.json',
  'captured/a2a-js-1.3.0-jsonrpc.json',
];

// Params and results found in the 0.3 fixtures (a Task or Message result counts twice: stream event and send result).
const V03_CASE_COUNT = 57;

const v03Cases: Case[] = [
  ...V03_FILES.flatMap((file) => envelopeCases(file, loadJson(`v03/${file}`))),
  {
    name: 'spec-9.5-push-notifications.json.webhookBody',
    pair: PAIRS.task,
    json: loadJson<{ webhookBody: unknown }>('v03/spec-9.5-push-notifications.json').webhookBody,
  },
];
describe('0.3 fixtures: 0.3 → 1.0 → 0.3', () => {
  it('finds the fixtures', () => {
    expect(v03Cases.length).toBe(V03_CASE_COUNT);
  });

  it.each(v03Cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_, testCase) => {
    const input = testCase.pair.v03.parse(testCase.json);
    const there = run(testCase.pair, input, 'fromV03');
    const back = run(testCase.pair, there.out, 'toV03');
    expect(back.out).toStrictEqual(input);
    expect([...there.losses, ...back.losses]).toEqual([]);
  });
});

type V03Card = v03.AgentCard;

function withoutStateHistory(card: V03Card): V03Card {
  const { stateTransitionHistory: _, ...capabilities } = card.capabilities;
  return { ...card, capabilities };
}

/** The 0.3 cards, their reported loss paths (both legs) and the card that comes back. */
const V03_CARDS: [string, string[], (card: V03Card) => V03Card][] = [
  // Already canonical except for the capability 1.0 removed.
  ['digest-2.4-agent-card.json', ['capabilities.stateTransitionHistory'], withoutStateHistory],
  // 0.2.9: the patch level is lost, the interfaces come back at 0.2 (not 0.3), the card comes back as 0.3.0.
  [
    'spec-5.7-agent-card.json',
    ['protocolVersion', 'capabilities.stateTransitionHistory', 'supportedInterfaces'],
    (card) => ({ ...withoutStateHistory(card), protocolVersion: '0.3.0' }),
  ],
  // a2a-js's hybrid card: "0.3" comes back as "0.3.0" and additionalInterfaces gains the main interface.
  [
    'captured/a2a-js-1.3.0-well-known-card.json',
    [],
    (card) => ({
      ...card,
      protocolVersion: '0.3.0',
      additionalInterfaces: [{ url: card.url, transport: 'JSONRPC' }, ...(card.additionalInterfaces ?? [])],
    }),
  ],
];

describe('0.3 agent card fixtures: 0.3 → 1.0 → 0.3', () => {
  it.each(V03_CARDS)('%s', (file, paths, expected) => {
    const input = v03.AgentCardSchema.parse(loadJson(`v03/${file}`));
    const there = run(PAIRS.card, input, 'fromV03');
    const back = run(PAIRS.card, there.out, 'toV03');
    expect([...there.losses, ...back.losses].map((loss) => loss.path)).toEqual(paths);
    expect(back.out).toStrictEqual(expected(input));
  });

  it('reads the captured hybrid card into the interfaces a 1.0 client should use', () => {
    const input = v03.AgentCardSchema.parse(loadJson('v03/captured/a2a-js-1.3.0-well-known-card.json'));
    const card = translate.agentCardFromV03(input);
    expect(card.supportedInterfaces.map((entry) => [entry.protocolBinding, entry.protocolVersion])).toEqual([
      ['JSONRPC', '0.3'],
      ['HTTP+JSON', '0.3'],
    ]);
    expect(card.capabilities).toStrictEqual({
      streaming: true,
      pushNotifications: true,
      extendedAgentCard: true,
    });
    expect(card.securityRequirements).toStrictEqual([
      { schemes: { bearer: { list: [] } } },
      { schemes: { oauth: { list: ['read'] }, key: { list: [] } } },
    ]);
  });
});
