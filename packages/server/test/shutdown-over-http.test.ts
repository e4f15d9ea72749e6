/**
 * Shutting a listening server down with work in flight, over a real socket with plain `fetch`: as
 * `task-runtime.ts` documents, a running execution gets until the deadline, then its signal fires and its task
 * ends CANCELED with the shutdown message; open streams end with that event; a task waiting for input stays
 * INPUT_REQUIRED; new messages are refused.
 */
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_MESSAGE } from '../src/task/task-runtime.ts';
import { CITY_QUESTION } from './support/demo-agent.ts';
import { startDemoServer } from './support/demo-server.ts';
import { dig, postRpc, readJson, SseReader, stateOf, userMessage } from './support/raw-http.ts';

describe('shutdown', () => {
  it('cancels a running task, ends its open streams, and leaves a task waiting for input as it was', async () => {
    const own = await startDemoServer({}, 50);
    const url = `${own.running.url}/a2a/jsonrpc`;
    const send = (text: string, contextId: string, returnImmediately: boolean) => ({
      message: userMessage(text, contextId),
      configuration: { returnImmediately },
    });
    const call = async (id: number, params: unknown) =>
      readJson(await postRpc(url, { id, method: 'SendMessage', params }));
    const taskId = String(dig(await call(1, send('long', 'running', true)), 'result', 'task', 'id'));
    const askedId = String(dig(await call(2, send('trip', 'asking', false)), 'result', 'task', 'id'));
    await own.probes.waiting('running');
    const subscriber = new SseReader(
      (await postRpc(url, { id: 3, method: 'SubscribeToTask', params: { id: taskId } })).body,
    );
    expect(stateOf(await subscriber.nextData())).toBe('TASK_STATE_WORKING');

    await own.running.close();
    expect((await subscriber.rest()).map(stateOf)).toEqual(['TASK_STATE_CANCELED']);
    expect(await own.probes.aborted('running')).toBe('The server is shutting down');

    // The socket is closed; read what the tasks ended as in-process.
    const inProcess = (async (input: string | URL | Request, init?: RequestInit) =>
      own.server.request(input instanceof Request ? input : String(input), init)) as typeof fetch;
    const get = async (id: string) => {
      const request = { id: 9, method: 'GetTask', params: { id } };
      const answer = await postRpc('http://in-process/a2a/jsonrpc', request, { fetchImpl: inProcess });
      return dig(await readJson(answer), 'result');
    };
    expect(await get(taskId)).toMatchObject({
      status: { state: 'TASK_STATE_CANCELED', message: { parts: [{ text: SHUTDOWN_MESSAGE }] } },
    });
    expect(await get(askedId)).toMatchObject({
      status: { state: 'TASK_STATE_INPUT_REQUIRED', message: { parts: [{ text: CITY_QUESTION }] } },
    });
    const refused = await readJson(
      await postRpc(
        'http://in-process/a2a/jsonrpc',
        { id: 4, method: 'SendMessage', params: send('direct', 'late', false) },
        { fetchImpl: inProcess },
      ),
    );
    expect(dig(refused, 'error')).toMatchObject({ code: -32603, message: 'The server is shutting down' });
    await expect(fetch(`${own.running.url}/.well-known/agent-card.json`)).rejects.toThrow();
    expect(own.logger.errors).toEqual([]);
  });
});
