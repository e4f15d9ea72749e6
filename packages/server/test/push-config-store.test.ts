import { isA2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { testCall } from '../src/handler/test-support/test-kit.ts';
import { createInMemoryPushConfigStore } from '../src/push/index.ts';

const call = testCall();
const hook = 'https://hooks.example.com/a2a';

describe('in-memory push config store', () => {
  it('creates, reads, replaces and deletes configs, assigning ids when absent', async () => {
    const store = createInMemoryPushConfigStore();
    const first = await store.create({ taskId: 't1', url: hook, token: 'tok' }, call);
    expect(first.id).toMatch(/\S{10,}/);
    expect(first).toMatchObject({ taskId: 't1', url: hook, token: 'tok' });
    const named = await store.create({ taskId: 't1', id: 'cfg', url: hook }, testCall({ version: '0.3' }));
    expect(named.id).toBe('cfg');
    expect(await store.get('t1', 'cfg', call)).toEqual(named);
    expect(await store.get('t2', 'cfg', call)).toBeUndefined();
    await store.create({ taskId: 't1', id: 'cfg', url: `${hook}/v2` }, call);
    expect((await store.get('t1', 'cfg', call))?.url).toBe(`${hook}/v2`);
    const targets = await store.configsFor('t1');
    expect(targets.map((t) => [t.config.id, t.version])).toEqual([
      [first.id, '1.0'],
      ['cfg', '1.0'],
    ]);
    await store.delete('t1', 'cfg', call);
    await store.delete('t1', 'cfg', call);
    await store.delete('nope', 'nope', call);
    expect(await store.get('t1', 'cfg', call)).toBeUndefined();
  });

  it('remembers the version a config was registered through', async () => {
    const store = createInMemoryPushConfigStore();
    await store.create({ taskId: 't1', id: 'old', url: hook }, testCall({ version: '0.3' }));
    expect((await store.configsFor('t1'))[0]?.version).toBe('0.3');
  });

  it('pages through configs in creation order', async () => {
    const store = createInMemoryPushConfigStore();
    for (const id of ['a', 'b', 'c', 'd', 'e']) await store.create({ taskId: 't', id, url: hook }, call);
    const one = await store.list('t', { pageSize: 2 }, call);
    expect(one.configs?.map((c) => c.id)).toEqual(['a', 'b']);
    await store.delete('t', 'b', call);
    const two = await store.list('t', { pageSize: 2, pageToken: one.nextPageToken }, call);
    expect(two.configs?.map((c) => c.id)).toEqual(['c', 'd']);
    const three = await store.list('t', { pageSize: 2, pageToken: two.nextPageToken }, call);
    expect(three).toEqual({ configs: [expect.objectContaining({ id: 'e' })], nextPageToken: '' });
    expect((await store.list('t', {}, call)).configs).toHaveLength(4);
    expect(await store.list('empty', {}, call)).toEqual({ configs: [], nextPageToken: '' });
    await expect(store.list('t', { pageToken: 'bogus' }, call)).rejects.toSatisfy((e) =>
      isA2AError(e, 'InvalidParamsError'),
    );
  });

  it('caps configs per task and drops them all with deleteForTask', async () => {
    const store = createInMemoryPushConfigStore({ maxConfigsPerTask: 2 });
    await store.create({ taskId: 't', id: 'a', url: hook }, call);
    await store.create({ taskId: 't', id: 'b', url: hook }, call);
    await expect(store.create({ taskId: 't', id: 'c', url: hook }, call)).rejects.toThrow(/already has 2/);
    await store.create({ taskId: 't', id: 'b', url: `${hook}/x` }, call);
    await store.create({ taskId: 'u', id: 'a', url: hook }, call);
    await store.deleteForTask('t');
    expect(await store.list('t', {}, call)).toEqual({ configs: [], nextPageToken: '' });
    expect(await store.configsFor('u')).toHaveLength(1);
  });

  it('refuses forbidden webhook URLs at registration unless allowlisted', async () => {
    const store = createInMemoryPushConfigStore();
    await expect(store.create({ taskId: 't', url: 'http://127.0.0.1:9/' }, call)).rejects.toThrow(
      /Push notification URL http:\/\/127\.0\.0\.1:9\/ is not allowed: 127\.0\.0\.1 is a loopback address/,
    );
    const resolving = createInMemoryPushConfigStore({ resolveHost: async () => ['127.0.0.1'] });
    await expect(resolving.create({ taskId: 't', url: 'http://sneaky.example/' }, call)).rejects.toThrow(
      /resolves to 127\.0\.0\.1/,
    );
    const local = createInMemoryPushConfigStore({ allowlist: ['127.0.0.1'] });
    await expect(local.create({ taskId: 't', url: 'http://127.0.0.1:9/' }, call)).resolves.toBeTruthy();
  });

  it('makes configsFor wait for a registration under way', async () => {
    let release: (addresses: string[]) => void = () => undefined;
    const store = createInMemoryPushConfigStore({
      resolveHost: () => new Promise((resolve) => (release = resolve)),
    });
    const created = store.create({ taskId: 't', url: 'https://slow.example/' }, call);
    const targets = store.configsFor('t');
    release(['8.8.8.8']);
    await created;
    expect(await targets).toHaveLength(1);
  });
});
