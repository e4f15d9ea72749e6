/** fast-check arbitraries for HTTP+JSON requests of both versions: request lines, queries and bodies. */
import fc from 'fast-check';
import { json, sendParams, taskParams, text, versionHeader } from './arbitrary-messages.ts';

/** One HTTP+JSON request line below the base path, and the `A2A-Version` it is sent with. */
export interface RestTarget {
  readonly method: string;
  readonly path: string;
  readonly version: string | undefined;
}

/**
 * Requests near the routes: mostly a route's own method and the version whose routes it is (1.0 bare or under a
 * tenant, 0.3 under `/v1`), sometimes the other version, another method, or segments from nowhere.
 */
export function restTarget(ids: fc.Arbitrary<string>): fc.Arbitrary<RestTarget> {
  const id = ids.map(encodeURIComponent);
  const route: fc.Arbitrary<readonly [string, string]> = fc.oneof(
    fc.constantFrom(['POST', 'message:send'] as const, ['POST', 'message:stream'] as const),
    fc.constantFrom(
      ['GET', 'tasks'] as const,
      ['GET', 'extendedAgentCard'] as const,
      ['GET', 'card'] as const,
    ),
    id.map((task) => ['GET', `tasks/${task}`] as const),
    id.map((task) => ['POST', `tasks/${task}:cancel`] as const),
    fc
      .tuple(fc.constantFrom('GET', 'POST'), id)
      .map(([verb, task]) => [verb, `tasks/${task}:subscribe`] as const),
    fc
      .tuple(fc.constantFrom('GET', 'POST'), id)
      .map(([verb, task]) => [verb, `tasks/${task}/pushNotificationConfigs`] as const),
    fc
      .tuple(fc.constantFrom('GET', 'DELETE'), id, id)
      .map(([verb, task, config]) => [verb, `tasks/${task}/pushNotificationConfigs/${config}`] as const),
  );
  const segment = fc.oneof(
    fc.constantFrom('tasks', 'message:send', 'v1', ':cancel', '%2F', '%', '..', ''),
    fc.string({ maxLength: 8 }).map(encodeURIComponent),
  );
  const matched = fc
    .tuple(route, fc.constantFrom('1.0 bare', '1.0 tenant', '0.3'), versionHeader)
    .map(([[method, path], flavour, odd]) => {
      const prefix = { '1.0 bare': '', '1.0 tenant': 'acme/', '0.3': 'v1/' }[flavour];
      const version = flavour === '0.3' ? undefined : '1.0';
      return {
        method,
        path: `${prefix}${path}`,
        version: odd === '1.0' || odd === undefined ? version : odd,
      };
    });
  const loose = fc.record({
    method: restMethod,
    path: fc.oneof(
      fc.tuple(fc.constantFrom('', 'v1/', 'acme/'), route).map(([prefix, [, path]]) => `${prefix}${path}`),
      fc.array(segment, { maxLength: 5 }).map((segments) => segments.join('/')),
    ),
    version: versionHeader,
  });
  return fc.oneof({ arbitrary: matched, weight: 4 }, { arbitrary: loose, weight: 1 });
}

export const restQuery = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'historyLength',
          'pageSize',
          'status',
          'contextId',
          'includeArtifacts',
          'pageToken',
          'x',
        ),
        fc.oneof(fc.constantFrom('1', '-1', '0', 'true', 'TASK_STATE_COMPLETED', 'ctx-known', ''), text),
      ),
      { maxLength: 3 },
    )
    .map((pairs) => `?${new URLSearchParams(pairs)}`),
);

/** A REST body: the send params of either version, other JSON, or not JSON. */
export function restBody(ids: fc.Arbitrary<string>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: sendParams(ids).map((value) => JSON.stringify(value)), weight: 4 },
    { arbitrary: taskParams(ids).map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: json.map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: fc.constantFrom(undefined, '', '{', 'null'), weight: 1 },
  );
}

export const restMethod = fc.oneof(
  { arbitrary: fc.constantFrom('GET', 'POST'), weight: 6 },
  { arbitrary: fc.constantFrom('DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS'), weight: 1 },
);
