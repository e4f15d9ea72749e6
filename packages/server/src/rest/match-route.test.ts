import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from './match-route.ts';
import { V1_ROUTES, V03_ROUTES } from './rest-routes.ts';
import { V1_OPERATIONS } from './v1-operations.ts';
import { V03_OPERATIONS } from './v03-operations.ts';

const matchV1 = createRouteMatcher(V1_ROUTES, { tenantPrefix: true });
const matchV03 = createRouteMatcher(V03_ROUTES, { tenantPrefix: false });

const segments = (path: string) => path.split('/').slice(1);

describe('createRouteMatcher', () => {
  it.each([
    ['POST', '/message:send', 'sendMessage', {}, undefined],
    ['POST', '/t/message:stream', 'sendStreamingMessage', {}, 't'],
    ['GET', '/tasks', 'listTasks', {}, undefined],
    ['GET', '/tasks/abc', 'getTask', { taskId: 'abc' }, undefined],
    ['POST', '/tasks/abc:cancel', 'cancelTask', { taskId: 'abc' }, undefined],
    ['GET', '/tasks/abc:subscribe', 'subscribeToTask', { taskId: 'abc' }, undefined],
    [
      'DELETE',
      '/t/tasks/abc/pushNotificationConfigs/c',
      'deleteTaskPushNotificationConfig',
      { taskId: 'abc', configId: 'c' },
      't',
    ],
    ['GET', '/tasks/a%3Acancel', 'getTask', { taskId: 'a:cancel' }, undefined],
    ['GET', '/tasks/a%2Fb', 'getTask', { taskId: 'a/b' }, undefined],
    ['GET', '/tasks/x:unknownverb', 'getTask', { taskId: 'x:unknownverb' }, undefined],
    ['POST', '/tasks/urn:task:1:cancel', 'cancelTask', { taskId: 'urn:task:1' }, undefined],
    ['GET', '/tasks/tasks', 'getTask', { taskId: 'tasks' }, undefined],
    ['POST', '/tasks/message:send', 'sendMessage', {}, 'tasks'],
    ['GET', '/v1/extendedAgentCard', 'getExtendedAgentCard', {}, 'v1'],
  ])('matches %s %s to %s', (method, path, operation, params, tenant) => {
    expect(matchV1(segments(path), method)).toEqual({ kind: 'found', operation, params, tenant });
  });

  it.each([
    ['GET', '/tasks/abc:cancel', ['POST']],
    ['DELETE', '/tasks/abc:subscribe', ['GET', 'POST']],
    ['PUT', '/tasks/abc/pushNotificationConfigs', ['GET', 'POST']],
    ['GET', '/message:send', ['POST']],
  ])('refuses %s %s, allowing %j', (method, path, allow) => {
    expect(matchV1(segments(path), method)).toEqual({ kind: 'method-not-allowed', allow });
  });

  it.each([
    ['GET', '/'],
    ['GET', '/tasks/'],
    ['POST', '/tasks/:cancel'],
    ['GET', '/tasks/%E0%A4%A'],
    ['GET', '/a/b/tasks'],
    ['POST', '/message:sendx'],
    ['GET', '/tasks/abc/pushNotificationConfigs/c/d'],
  ])('finds no route for %s %s', (method, path) => {
    expect(matchV1(segments(path), method)).toEqual({ kind: 'not-found' });
  });

  it('does not read an inherited property as a method', () => {
    expect(matchV1(segments('/tasks/abc'), 'constructor')).toEqual({
      kind: 'method-not-allowed',
      allow: ['GET'],
    });
  });

  it('has no tenants in 0.3: a prefix before /v1 is no route', () => {
    expect(matchV03(segments('/acme/v1/tasks/abc'), 'GET')).toEqual({ kind: 'not-found' });
    expect(matchV03(segments('/v1/tasks/abc'), 'GET')).toMatchObject({ kind: 'found', operation: 'getTask' });
  });

  it('has a runner for the operation of every route', () => {
    const missing = [
      ...V1_ROUTES.flatMap((route) => Object.values(route.methods).filter((op) => !V1_OPERATIONS[op])),
      ...V03_ROUTES.flatMap((route) => Object.values(route.methods).filter((op) => !V03_OPERATIONS[op])),
    ];
    expect(missing).toEqual([]);
  });
});
