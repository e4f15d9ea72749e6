/**
 * The one workload every target serves: a message whose text is `chunks:N` asks for a task that emits
 * N artifact chunks with a DataPart each, then completes. Shared by the targets and the load generator.
 */

/** The number of chunks a message text asks for (`chunks:N`); 1 when it names none. */
export function chunksRequested(text: string | undefined): number {
  const match = /^chunks:(\d{1,4})$/.exec(text ?? '');
  return match ? Math.max(1, Number(match[1])) : 1;
}

/** The data of chunk `index`: small and fixed, like a structured result row. */
export function chunkData(index: number): { index: number; label: string; score: number } {
  return { index, label: `row ${index}`, score: index * 0.5 };
}

/** The JSON-RPC body of a 1.0 SendMessage / SendStreamingMessage asking for `chunks` chunks. */
export function sendBody(method: 'SendMessage' | 'SendStreamingMessage', chunks: number, id = 1): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method,
    params: {
      message: {
        messageId: `bench-${id}`,
        role: 'ROLE_USER',
        parts: [{ text: `chunks:${chunks}` }],
      },
    },
  });
}

/** The path every target serves JSON-RPC on. */
export const JSON_RPC_PATH = '/a2a/jsonrpc';
/** The path every target serves its agent card on. */
export const CARD_PATH = '/.well-known/agent-card.json';

/** The message text that asks a growth target (W10) for a task that stays working until the server stops. */
export const HOLD_TEXT = 'hold';
