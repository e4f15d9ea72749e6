import { createId } from '@baton/protocol';

/** One JSON-RPC 1.0 call to `rpcUrl`; returns the parsed response body. */
async function call(rpcUrl: string, method: string, params: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: createId(), method, params }),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** The `data:` payloads of an SSE response body (each frame may also carry an `id:` line, the event's generation). */
async function sseEvents(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .map((frame) => frame.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line) => line !== undefined)
    .map((line) => JSON.parse(line.slice('data: '.length)));
}

/**
 * A short conversation with an agent at `baseUrl`, as any A2A 1.0 client would have it: read the card, ask
 * for a plan without naming a city, answer the agent's question on the same task over a stream. Returns
 * what happened, one line per step.
 */
export async function converse(baseUrl: string): Promise<string[]> {
  const lines: string[] = [];
  const card = (await (
    await fetch(`${baseUrl}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
  ).json()) as { name: string; supportedInterfaces: { url: string; protocolBinding: string }[] };
  const rpcUrl = card.supportedInterfaces.find((entry) => entry.protocolBinding === 'JSONRPC')?.url ?? '';
  lines.push(`card: ${card.name}, ${card.supportedInterfaces.length} interfaces, JSON-RPC at ${rpcUrl}`);

  const first = await call(rpcUrl, 'SendMessage', {
    message: { messageId: createId(), role: 'ROLE_USER', parts: [{ text: 'Plan me a trip' }] },
  });
  const task = (
    first.result as {
      task: { id: string; status: { state: string; message?: { parts: { text?: string }[] } } };
    }
  ).task;
  lines.push(`send: ${task.status.state}: ${task.status.message?.parts[0]?.text ?? ''}`);

  const stream = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'follow-up',
      method: 'SendStreamingMessage',
      params: {
        message: { messageId: createId(), taskId: task.id, role: 'ROLE_USER', parts: [{ text: 'Lisbon' }] },
      },
    }),
  });
  for (const event of await sseEvents(stream)) {
    const result = (
      event as {
        result: Record<
          string,
          { status?: { state: string }; artifact?: { parts: { text?: string }[] }; append?: boolean }
        >;
      }
    ).result;
    const [kind, body] = Object.entries(result)[0] ?? ['', {}];
    const detail = body?.status?.state ?? JSON.stringify(body?.artifact?.parts[0]?.text ?? '');
    lines.push(`stream: ${kind} ${detail}${body?.append ? ' (append)' : ''}`);
  }
  return lines;
}
