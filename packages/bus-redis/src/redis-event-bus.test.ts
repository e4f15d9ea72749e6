import { describeTaskEventBusContract, realService } from '@baton/server/testing';
import { describe, expect, it } from 'vitest';
import { createRedisEventBus } from './create-redis-event-bus.ts';

const redis = await realService('Redis');
const prefix = `baton-test-${process.pid}:`;

describe.skipIf(!redis.available)('redis event bus', () => {
  describeTaskEventBusContract('redis', {
    createBuses: (count) =>
      Promise.all(Array.from({ length: count }, () => createRedisEventBus({ url: redis.url, prefix }))),
  });

  it('says in one line that Redis cannot be reached at start', async () => {
    const error = await createRedisEventBus({ url: 'redis://:hunter2@127.0.0.1:1' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^Cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1: .*ECONNREFUSED/,
    );
    expect((error as Error).message).not.toContain('hunter2');
  });
});
