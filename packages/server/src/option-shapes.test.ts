import { describe, expect, it } from 'vitest';
import { createA2AServer } from './create-a2a-server.ts';
import { pushNotifications } from './push/push-notifications.ts';

const card = {
  name: 'Echo',
  description: 'Echoes',
  version: '1.0.0',
  skills: [{ id: 'echo', name: 'Echo', description: 'Echoes', tags: ['echo'] }],
};
const executor = async () => 'ok';
// The shapes plain JavaScript can still pass: what the types refuse is what a user of an older doc writes.
const create = (options: Record<string, unknown>) => () =>
  createA2AServer({ card, executor, ...options } as Parameters<typeof createA2AServer>[0]);

describe('old option shapes', () => {
  it('refuses push: true and push: { settings } at creation, naming pushNotifications()', () => {
    expect(create({ push: true })).toThrow(
      `createA2AServer: "push" takes what pushNotifications() from '@baton/server' returns, not boolean true: push: pushNotifications()`,
    );
    expect(create({ push: { allowlist: ['127.0.0.1'] } })).toThrow(
      'not a settings object: push: pushNotifications(those settings)',
    );
  });

  it('refuses telemetry: true, naming serverOpenTelemetry()', () => {
    expect(create({ telemetry: true })).toThrow(
      `"telemetry" takes what serverOpenTelemetry() from '@baton/server' returns, not boolean true`,
    );
  });

  it('takes the current shapes', () => {
    expect(create({ push: pushNotifications() })).not.toThrow();
  });
});
