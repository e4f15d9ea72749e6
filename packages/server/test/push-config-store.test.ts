import { describe, expect, it } from 'vitest';
import { testCall } from '../src/handler/test-support/test-kit.ts';
import { createInMemoryPushConfigRecords, createInMemoryPushConfigStore } from '../src/push/index.ts';
import { describePushConfigRecordsContract } from '../src/testing/index.ts';

describePushConfigRecordsContract('in-memory', {
  createRecords: async () => createInMemoryPushConfigRecords(),
});

const call = testCall();

describe('in-memory push config store', () => {
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
