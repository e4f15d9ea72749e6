import { A2A_METHODS, A2A_OPERATIONS, operationName } from '@baton/protocol';
import type { OperationCodec, OperationCodecs, OperationName } from './operation-codec.ts';
import type { CallOptions, Transport } from './transport.ts';

/** How a binding runs one unary call and one stream, whatever the operation. */
export interface OperationRunners<Wire> {
  unary<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, Wire> | undefined,
    request: Request,
    call?: CallOptions,
  ): Promise<Result>;
  stream<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, Wire>,
    request: Request,
    call?: CallOptions,
  ): AsyncIterable<Result>;
}

/**
 * Builds a {@link Transport} from a binding's two runners and its version's codecs: every operation of
 * `@baton/protocol`'s table is the runner for its kind with its codec. `overrides`
 * replaces single operations (HTTP+JSON's subscribe falls back to GET).
 */
export function bindOperations<Wire>(
  identity: Pick<Transport, 'binding' | 'version' | 'url'>,
  codecs: OperationCodecs<Wire>,
  run: OperationRunners<Wire>,
  overrides: Partial<Pick<Transport, 'subscribeToTask'>> = {},
): Transport {
  const operations: Record<string, unknown> = {};
  for (const method of A2A_METHODS) {
    const name = operationName(method);
    const codec = codecs[name] as OperationCodec<unknown, unknown, Wire>;
    operations[name] = A2A_OPERATIONS[method].streaming
      ? (request: unknown, call?: CallOptions) => run.stream(name, codec, request, call)
      : (request: unknown, call?: CallOptions) => run.unary(name, codec, request, call);
  }
  // One entry per operation of the table, each the runner of its kind: the shape `Transport` derives from it.
  return { ...identity, ...(operations as Omit<Transport, 'binding' | 'version' | 'url'>), ...overrides };
}
