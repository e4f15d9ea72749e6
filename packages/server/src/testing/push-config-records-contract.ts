import { isA2AError, type ProtocolVersion } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createPushConfigStore } from '../push/create-push-config-store.ts';
import type { PushConfigRecords } from '../push/push-config-records.ts';
import type { CallContext } from '../vocabulary/call-context.ts';

/** How {@link describePushConfigRecordsContract} gets its records. */
export interface PushConfigRecordsContractOptions {
  /** New, empty records for each test. */
  readonly createRecords: () => Promise<PushConfigRecords>;
}

const hook = 'https://hooks.example.com/a2a';

function call(version: ProtocolVersion = '1.0'): CallContext {
  return { version, binding: 'JSONRPC', requestedExtensions: [], signal: new AbortController().signal };
}

/**
 * The behaviour every `PushConfigRecords` backend must have, checked through `createPushConfigStore` the way
 * the server uses it: saving, replacing, versions, paging in creation order, the per-task cap and deletion.
 */
export function describePushConfigRecordsContract(
  name: string,
  options: PushConfigRecordsContractOptions,
): void {
  const storeOver = async (maxConfigsPerTask?: number) =>
    createPushConfigStore({
      records: await options.createRecords(),
      ...(maxConfigsPerTask === undefined ? {} : { maxConfigsPerTask }),
    });

  describe(`${name}: PushConfigRecords contract`, () => {
    it('creates, reads, replaces and deletes configs, assigning ids when absent', async () => {
      const store = await storeOver();
      const first = await store.create({ taskId: 't1', url: hook, token: 'tok' }, call());
      expect(first.id).toMatch(/\S{10,}/);
      expect(first).toMatchObject({ taskId: 't1', url: hook, token: 'tok' });
      const named = await store.create(
        { taskId: 't1', id: 'cfg', url: hook, authentication: { scheme: 'Bearer', credentials: 's3cret' } },
        call(),
      );
      expect(await store.get('t1', 'cfg', call())).toEqual(named);
      expect(await store.get('t2', 'cfg', call())).toBeUndefined();
      await store.create({ taskId: 't1', id: 'cfg', url: `${hook}/v2` }, call());
      expect(await store.get('t1', 'cfg', call())).toEqual({ taskId: 't1', id: 'cfg', url: `${hook}/v2` });
      expect((await store.configsFor('t1')).map((target) => target.config.id)).toEqual([first.id, 'cfg']);
      await store.delete('t1', 'cfg', call());
      await store.delete('t1', 'cfg', call());
      await store.delete('nope', 'nope', call());
      expect(await store.get('t1', 'cfg', call())).toBeUndefined();
    });

    it('remembers the version each config was registered through', async () => {
      const store = await storeOver();
      await store.create({ taskId: 't1', id: 'old', url: hook }, call('0.3'));
      await store.create({ taskId: 't1', id: 'new', url: hook }, call('1.0'));
      expect((await store.configsFor('t1')).map((target) => target.version)).toEqual(['0.3', '1.0']);
    });

    it('remembers the agent URL each config was registered through (the issuer of its signed deliveries)', async () => {
      const store = await storeOver();
      await store.create(
        { taskId: 't1', id: 'a', url: hook },
        { ...call(), agentUrl: 'https://agent.example/x' },
      );
      await store.create({ taskId: 't1', id: 'b', url: hook }, call());
      const targets = await store.configsFor('t1');
      expect(targets.map((target) => target.agentUrl)).toEqual(['https://agent.example/x', undefined]);
      expect(await store.get('t1', 'a', call())).toEqual({ taskId: 't1', id: 'a', url: hook });
    });

    it('pages through configs in creation order, a replaced one keeping its place', async () => {
      const store = await storeOver();
      for (const id of ['a', 'b', 'c', 'd', 'e']) await store.create({ taskId: 't', id, url: hook }, call());
      await store.create({ taskId: 't', id: 'a', url: `${hook}/again` }, call());
      const one = await store.list('t', { pageSize: 2 }, call());
      expect(one.configs?.map((c) => c.id)).toEqual(['a', 'b']);
      await store.delete('t', 'b', call());
      const two = await store.list('t', { pageSize: 2, pageToken: one.nextPageToken }, call());
      expect(two.configs?.map((c) => c.id)).toEqual(['c', 'd']);
      const three = await store.list('t', { pageSize: 2, pageToken: two.nextPageToken }, call());
      expect(three).toEqual({ configs: [expect.objectContaining({ id: 'e' })], nextPageToken: '' });
      expect((await store.list('t', {}, call())).configs).toHaveLength(4);
      expect(await store.list('empty', {}, call())).toEqual({ configs: [], nextPageToken: '' });
      await expect(store.list('t', { pageToken: 'bogus' }, call())).rejects.toSatisfy((e) =>
        isA2AError(e, 'InvalidParamsError'),
      );
    });

    it('caps configs per task and drops all of one task with deleteForTask', async () => {
      const store = await storeOver(2);
      await store.create({ taskId: 't', id: 'a', url: hook }, call());
      await store.create({ taskId: 't', id: 'b', url: hook }, call());
      await expect(store.create({ taskId: 't', id: 'c', url: hook }, call())).rejects.toThrow(
        /already has 2/,
      );
      await store.create({ taskId: 't', id: 'b', url: `${hook}/x` }, call());
      await store.create({ taskId: 'u', id: 'a', url: hook }, call());
      await store.deleteForTask('t');
      expect(await store.list('t', {}, call())).toEqual({ configs: [], nextPageToken: '' });
      expect(await store.configsFor('u')).toHaveLength(1);
    });
  });
}
