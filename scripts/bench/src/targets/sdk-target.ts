/** Target: the official `@a2a-js/sdk` server as its docs set it up (see `sdk-server.ts`). */
import { InMemoryTaskStore } from '@a2a-js/sdk/server';
import { announce, portFromEnv } from './announce.ts';
import { startSdkServer } from './sdk-server.ts';

announce(await startSdkServer(new InMemoryTaskStore(), portFromEnv()));
