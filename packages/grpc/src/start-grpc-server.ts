/** Serves an A2A server's agent over gRPC on Node with @grpc/grpc-js. */

import type { A2AServer } from '@baton/server';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { createGrpcService } from './create-grpc-service.ts';
import { a2aServerDefinition } from './service-definition.ts';

/** Options of {@link startGrpcServer}. */
export interface StartGrpcOptions {
  /** Port to listen on; default 0 (any free port). */
  readonly port?: number;
  /** Address to bind; default `127.0.0.1`. */
  readonly hostname?: string;
  /**
   * Transport security: `ServerCredentials.createSsl(...)` for TLS (what production needs, spec §7.1); default
   * plaintext, for loopback and for a TLS-terminating proxy in front.
   */
  readonly credentials?: ServerCredentials;
  /** How long running calls may take to finish on `close()` before they are cut; default 10 s. */
  readonly shutdownDeadlineMs?: number;
}

/** A listening gRPC server. */
export interface RunningGrpcServer {
  /** What gRPC clients dial: `host:port`. */
  readonly url: string;
  readonly port: number;
  /** Stops taking calls, lets running ones finish up to the deadline, then cuts the rest. */
  close(): Promise<void>;
}

/**
 * Serves `server` (from `createA2AServer`, with its `grpc` option so the card declares the interface) over gRPC:
 * every A2A 1.0 RPC, with the server's handler, auth, limits and stores. The card's GRPC interface gets the port.
 *
 * @example
 * const server = createA2AServer({ card, executor, grpc: {} });
 * await startA2AServer(server, { port: 4000 });
 * const grpc = await startGrpcServer(server, { port: 50051 });
 */
export async function startGrpcServer(
  server: Pick<A2AServer, 'bindingHost'>,
  options: StartGrpcOptions = {},
): Promise<RunningGrpcServer> {
  const host = server.bindingHost;
  const grpc = new Server({
    'grpc.max_receive_message_length': host.maxBodyBytes,
    // Channelz (grpc-js's call counters and timestamps, read only by a channelz service, which is not served)
    // costs every call a tracker and clock reads.
    'grpc.enable_channelz': 0,
  });
  grpc.addService(a2aServerDefinition(), createGrpcService(host));
  const hostname = options.hostname ?? '127.0.0.1';
  const address = `${hostname.includes(':') ? `[${hostname}]` : hostname}:${options.port ?? 0}`;
  const port = await new Promise<number>((resolve, reject) => {
    grpc.bindAsync(address, options.credentials ?? ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  host.grpcListening(port);
  const url = `${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        host.grpcListening(undefined);
        const deadline = setTimeout(() => grpc.forceShutdown(), options.shutdownDeadlineMs ?? 10_000);
        grpc.tryShutdown(() => {
          clearTimeout(deadline);
          resolve();
        });
      }),
  };
}
