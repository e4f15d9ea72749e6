import { A2AClientError } from '../errors/client-error.ts';

/**
 * The body of `response` as text, refused (before it is read whole) when it is longer than `maxBytes`: by its
 * `Content-Length` at once, else as soon as the bytes read pass the cap. `what` names the body in the error
 * ("The agent card at https://…").
 */
export async function readCappedText(response: Response, maxBytes: number, what: string): Promise<string> {
  const tooBig = () => new A2AClientError('PROTOCOL', `${what} is larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooBig();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    text += decoder.decode(value, { stream: true });
  }
}
