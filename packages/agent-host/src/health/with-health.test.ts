import { describe, expect, it } from 'vitest';
import { createHealth } from './create-health.ts';
import { withHealth } from './with-health.ts';

describe('withHealth', () => {
  it('answers the probes before the app, and hands everything else to it', async () => {
    const health = createHealth();
    const seen: string[] = [];
    const fetch = withHealth(health, (request: Request) => {
      seen.push(`${request.method} ${request.url}`);
      return new Response('app', { status: 403 });
    });
    expect((await fetch(new Request('http://10.0.0.7:4100/healthz'))).status).toBe(200);
    expect((await fetch(new Request('http://10.0.0.7:4100/readyz?verbose=1'))).status).toBe(503);
    health.markReady();
    expect((await fetch(new Request('http://10.0.0.7:4100/readyz'))).status).toBe(200);
    expect((await fetch(new Request('http://10.0.0.7:4100/healthz/x'))).status).toBe(403);
    expect((await fetch(new Request('http://10.0.0.7:4100/healthz', { method: 'POST' }))).status).toBe(403);
    expect((await fetch(new Request('http://10.0.0.7:4100/runs'))).status).toBe(403);
    expect(seen).toEqual([
      'GET http://10.0.0.7:4100/healthz/x',
      'POST http://10.0.0.7:4100/healthz',
      'GET http://10.0.0.7:4100/runs',
    ]);
  });
});
