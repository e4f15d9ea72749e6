/**
 * Target: the official `@a2a-js/sdk` server for the growth curves (W10), as `sdk-target` with its
 * `InMemoryTaskStore` seeded (see `growth-seed.ts`) through the store's own `save`, as the caller W10 uses.
 */
import { Task } from '@a2a-js/sdk';
import { InMemoryTaskStore, ServerCallContext, UnauthenticatedUser } from '@a2a-js/sdk/server';
import { announce, portFromEnv } from './announce.ts';
import { seedTasks } from './growth-seed.ts';
import { startSdkServer } from './sdk-server.ts';

const store = new InMemoryTaskStore();
const caller = new ServerCallContext({ user: new UnauthenticatedUser(), requestedVersion: '1.0' });
for (const task of seedTasks()) await store.save(Task.fromJSON(task), caller);
announce(await startSdkServer(store, portFromEnv()));
