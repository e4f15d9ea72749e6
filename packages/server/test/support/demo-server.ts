/** A real `createA2AServer` around the demo agent, listening on 127.0.0.1 on a free port. */
import { type A2AServer, type A2AServerOptions, createA2AServer, type Logger } from '../../src/index.ts';
import { type RunningA2AServer, startA2AServer } from '../../src/node.ts';
import { type AgentProbes, createDemoAgent } from './demo-agent.ts';

/** A logger that keeps what it is told, so a test can assert that nothing went wrong unseen. */
export interface RecordingLogger extends Logger {
  readonly errors: string[];
  readonly warnings: string[];
}

export function recordingLogger(): RecordingLogger {
  const errors: string[] = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    error: (message) => errors.push(message),
    warn: (message) => warnings.push(message),
  };
}

export const DEMO_CARD: A2AServerOptions['card'] = {
  name: 'Baton demo agent',
  description: 'Replies, streams artifacts, asks questions and waits to be canceled',
  version: '1.0.0',
  skills: [{ id: 'demo', name: 'Demo', description: 'Everything the tests need', tags: ['test'] }],
};

export interface DemoServer {
  readonly server: A2AServer;
  readonly running: RunningA2AServer;
  readonly probes: AgentProbes;
  readonly logger: RecordingLogger;
}

/** Builds and starts the demo server; `options` override the defaults (e.g. `maxBodyBytes`). */
export async function startDemoServer(
  options: Partial<Omit<A2AServerOptions, 'executor'>> = {},
  shutdownDeadlineMs = 100,
): Promise<DemoServer> {
  const { executor, probes } = createDemoAgent();
  const logger = recordingLogger();
  const server = createA2AServer({ card: DEMO_CARD, logger, ...options, executor });
  const running = await startA2AServer(server, { port: 0, hostname: '127.0.0.1', shutdownDeadlineMs });
  return { server, running, probes, logger };
}
