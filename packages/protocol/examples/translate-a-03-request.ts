/**
 * A protocol demo: an A2A 0.3 peer's JSON-RPC request is checked, translated to the A2A 1.0 form Baton works
 * with, and answered; a malformed one gets a spec-shaped error that names the field. Run it with
 * `pnpm --filter @baton/protocol demo`.
 */
import {
  A2AError,
  assertTransition,
  createId,
  createJsonRpcError,
  createJsonRpcSuccess,
  JsonRpcRequestSchema,
  nowTimestamp,
  parseOrThrow,
  resolveMethod,
  type Task,
  translate,
} from '../src/index.ts';
import * as v03 from '../src/v03/index.ts';

/** What a 0.3 client (for example the official SDK before 1.0) puts on the wire for `message/send`. */
const fromA03Peer = {
  jsonrpc: '2.0',
  id: 1,
  method: 'message/send',
  params: {
    message: {
      kind: 'message',
      messageId: '9229e770-767c-417b-a0b0-f0741243c589',
      role: 'user',
      parts: [
        { kind: 'text', text: 'Write a short guide to Lisbon' },
        { kind: 'data', data: { audience: 'first-time visitors', sections: 3 } },
      ],
    },
    configuration: { blocking: true, acceptedOutputModes: ['text/plain', 'application/json'] },
  },
};

function show(title: string, value: unknown): void {
  console.log(`\n== ${title}\n${JSON.stringify(value, null, 2)}`);
}

/** Answers one JSON-RPC request the way a dual-version server would: in the caller's own version. */
function answer(raw: unknown): unknown {
  let id: string | number | null = null;
  let version: '1.0' | '0.3' = '0.3';
  try {
    const request = parseOrThrow(JsonRpcRequestSchema, raw, { error: 'request' });
    id = request.id ?? null;
    const method = resolveMethod(request.method);
    if (!method) throw A2AError.methodNotFound(request.method);
    version = method.version;
    const params = parseOrThrow(v03.MessageSendParamsSchema, request.params);
    const sendMessage = translate.sendMessageRequestFromV03(params);
    show('The same request in A2A 1.0 (what Baton works with)', sendMessage);

    const contextId = createId();
    const task: Task = {
      id: createId(),
      contextId,
      status: { state: 'TASK_STATE_SUBMITTED', timestamp: nowTimestamp() },
      history: [{ ...sendMessage.message, contextId }],
    };
    assertTransition(task.status.state, 'TASK_STATE_WORKING');
    assertTransition('TASK_STATE_WORKING', 'TASK_STATE_COMPLETED');
    task.status = { state: 'TASK_STATE_COMPLETED', timestamp: nowTimestamp() };
    task.artifacts = [
      { artifactId: createId(), name: 'guide', parts: [{ text: '# Lisbon\nTrams, tiles and pastéis.' }] },
    ];
    return createJsonRpcSuccess(id, translate.taskToV03(task));
  } catch (error) {
    return createJsonRpcError(id, A2AError.fromUnknown(error), { version });
  }
}

show('An A2A 0.3 peer sends', fromA03Peer);
show('Baton answers in 0.3, as the peer speaks', answer(fromA03Peer));

const broken = structuredClone(fromA03Peer);
broken.params.message.parts = [{ kind: 'text', text: 'hi' }, { kind: 'file' } as never];
show('A malformed request gets an error that names the field', answer(broken));
