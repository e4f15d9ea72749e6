import { describe, expect, it } from 'vitest';
import { loadJson, pathsOf } from '../../../test/fixtures/translate/helpers.ts';
import { REST_PAIRS, type RestPair, runRest } from '../../../test/fixtures/translate/rest-pairs.ts';
import * as v03 from '../../v03/index.ts';
import * as rest from '../../v03/rest/index.ts';
import { isJsonObject } from '../../wire/is-json-object.ts';

import { joinPath } from '../loss.ts';

interface Exchange {
  readonly requestBody: { readonly method: string; readonly params: unknown };
  readonly responseBody: {
    readonly result?: unknown;
    readonly sse?: readonly { readonly result: unknown }[];
  };
}

const { sendRequest, sendResponse, streamEvent, pushConfig, pushConfigList } = REST_PAIRS;

// Which JSON-RPC params and results have a 0.3 REST body form (list params are path parameters in REST).
const PAIRS_BY_METHOD: Record<string, [RestPair | undefined, RestPair]> = {
  'message/send': [sendRequest, sendResponse],
  'message/stream': [sendRequest, streamEvent],
  'tasks/pushNotificationConfig/set': [pushConfig, pushConfig],
  'tasks/pushNotificationConfig/list': [undefined, pushConfigList],
};

function casesOf({ requestBody, responseBody }: Exchange): [string, RestPair, unknown][] {
  const [params, result] = PAIRS_BY_METHOD[requestBody.method] ?? [];
  if (result === undefined) throw new Error(`no pair for ${requestBody.method}`);
  const found: [string, RestPair, unknown][] = [];
  if (params !== undefined) found.push([`${requestBody.method} params`, params, requestBody.params]);
  const results = responseBody.sse?.map((frame) => frame.result) ?? [responseBody.result];
  results.forEach((json, index) => {
    found.push([`${requestBody.method} result ${index}`, result, json]);
  });
  return found;
}

const cases = loadJson<Exchange[]>('v03/captured/a2a-js-1.3.0-jsonrpc.json').flatMap(casesOf);

const MEMBER_OF_KIND: Record<string, string> = {
  task: 'task',
  message: 'message',
  'status-update': 'statusUpdate',
  'artifact-update': 'artifactUpdate',
};

// The value without what the 0.3 REST encoding cannot carry (part metadata, file names), and the paths removed.
function withoutRestLosses(value: unknown, path: string, removed: string[]): unknown {
  if (Array.isArray(value))
    return value.map((item, index) => withoutRestLosses(item, joinPath(path, index), removed));
  if (!isJsonObject(value)) return value;
  const isPart = value.kind === 'text' || value.kind === 'file' || value.kind === 'data';
  const entries = Object.entries(value).flatMap(([key, item]): [string, unknown][] => {
    if (isPart && key === 'metadata') {
      removed.push(joinPath(path, key));
      return [];
    }
    if (value.kind === 'file' && key === 'file' && isJsonObject(item) && item.name !== undefined) {
      const { name: _, ...file } = item;
      removed.push(joinPath(joinPath(path, key), 'name'));
      return [[key, file]];
    }
    return [[key, withoutRestLosses(item, joinPath(path, key), removed)]];
  });
  return Object.fromEntries(entries);
}

describe('0.3 JSON-RPC traffic captured from a2a-js: 0.3 JSON-RPC → 0.3 REST → 0.3 JSON-RPC', () => {
  it('finds every params and result body that has a REST form', () => {
    expect(cases.map(([label]) => label)).toEqual([
      'message/send params',
      'message/send result 0',
      'message/stream params',
      'message/stream result 0',
      'message/stream result 1',
      'message/stream result 2',
      'message/stream result 3',
      'tasks/pushNotificationConfig/set params',
      'tasks/pushNotificationConfig/set result 0',
      'tasks/pushNotificationConfig/list result 0',
    ]);
  });

  it.each(cases)(
    '%s comes back without its part metadata and file names, each reported',
    (_, found, json) => {
      const input = found.jsonRpc.parse(json);
      const there = runRest(found, input, 'fromJsonRpc');
      const back = runRest(found, there.out, 'toJsonRpc');
      const kind = isJsonObject(input) ? input.kind : undefined;
      const removed: string[] = [];
      const expected = withoutRestLosses(
        input,
        typeof kind === 'string' ? (MEMBER_OF_KIND[kind] ?? '') : '',
        removed,
      );
      expect(back.out).toStrictEqual(expected);
      expect(pathsOf(there.losses).sort()).toEqual(removed.sort());
      expect(back.losses).toEqual([]);
    },
  );

  it('reports the losses of a message/send result at their paths', () => {
    const [, , json] = cases[1] ?? [];
    const { losses } = runRest(sendResponse, v03.SendMessageResultSchema.parse(json), 'fromJsonRpc');
    expect(pathsOf(losses)).toEqual([
      'task.artifacts[0].parts[1].file.name',
      'task.artifacts[0].parts[2].file.name',
      'task.artifacts[0].parts[3].metadata',
      'task.history[0].parts[1].file.name',
    ]);
  });
});

describe('0.3 agent cards: the JSON-RPC and REST forms of the same card', () => {
  const jsonRpcCard = v03.AgentCardSchema.parse(loadJson('translate/v03-full-card.json'));
  const restCard = rest.AgentCardSchema.parse(loadJson('translate/v03-rest-full-card.json'));
  const { iconUrl: _, ...jsonRpcCardWithoutIcon } = jsonRpcCard;

  it('REST → JSON-RPC gives the exact JSON-RPC card (which has no icon), without losses', () => {
    const { out, losses } = runRest(REST_PAIRS.card, restCard, 'toJsonRpc');
    expect(out).toStrictEqual(jsonRpcCardWithoutIcon);
    expect(losses).toEqual([]);
  });

  it('JSON-RPC → REST gives the exact REST card, dropping iconUrl', () => {
    const { out, losses } = runRest(REST_PAIRS.card, jsonRpcCard, 'fromJsonRpc');
    expect(out).toStrictEqual(restCard);
    expect(losses).toEqual([{ path: 'iconUrl', reason: '0.3 REST cards have no iconUrl; dropped' }]);
  });

  it('round-trips the captured well-known card JSON-RPC → REST → JSON-RPC exactly', () => {
    const input = v03.AgentCardSchema.parse(loadJson('v03/captured/a2a-js-1.3.0-well-known-card.json'));
    const there = runRest(REST_PAIRS.card, input, 'fromJsonRpc');
    const back = runRest(REST_PAIRS.card, there.out, 'toJsonRpc');
    expect(back.out).toStrictEqual(input);
    expect([...there.losses, ...back.losses]).toEqual([]);
  });
});
