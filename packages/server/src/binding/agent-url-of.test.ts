import { describe, expect, it } from 'vitest';
import { agentUrlOf } from './agent-url-of.ts';

const request = (url: string) => new Request(url, { method: 'POST' });

describe('agentUrlOf', () => {
  it('is the origin and the mount path before the binding path, for both bindings', () => {
    const jsonRpc = agentUrlOf('/a2a/jsonrpc', undefined);
    const rest = agentUrlOf('/a2a/rest', undefined);
    expect(jsonRpc(request('http://127.0.0.1:4000/a2a/jsonrpc'))).toBe('http://127.0.0.1:4000');
    expect(jsonRpc(request('https://host.example/agents/x/a2a/jsonrpc/'))).toBe(
      'https://host.example/agents/x',
    );
    expect(rest(request('http://127.0.0.1:4000/a2a/rest/tasks/t-1/pushNotificationConfigs'))).toBe(
      'http://127.0.0.1:4000',
    );
    expect(
      rest(request('https://host.example/agents/x/a2a/rest/tenant-a/tasks/t/pushNotificationConfigs')),
    ).toBe('https://host.example/agents/x');
  });

  it('is the configured URL, without trailing slashes, whatever the request says', () => {
    const configured = agentUrlOf('/a2a/jsonrpc', 'https://agent.example/outline/');
    expect(configured(request('http://10.0.0.5:8080/a2a/jsonrpc'))).toBe('https://agent.example/outline');
  });
});
