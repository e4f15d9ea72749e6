import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP proxy that sends each request to the next of its targets in turn. */
export interface RoundRobinProxy {
  readonly url: string;
  /** How many requests went to each target, in target order. */
  readonly counts: readonly number[];
  /**
   * Takes a target out of the rotation (`down`: true), as a load balancer's health check does once an instance
   * stops answering, or puts it back. Requests under way to it are not touched.
   */
  setDown(target: string, down: boolean): void;
  close(): Promise<void>;
}

/**
 * Starts a round-robin HTTP proxy on 127.0.0.1: request N goes to the next target in turn (skipping those set
 * down), headers (Host
 * included, so cards advertise the proxy) and bodies pass through, and responses stream back as they come
 * (SSE included). A target that refuses the connection answers 502.
 */
export async function startRoundRobinProxy(targets: readonly string[]): Promise<RoundRobinProxy> {
  const counts = targets.map(() => 0);
  const down = new Set<number>();
  let next = 0;
  const pick = () => {
    for (let tries = 0; tries < targets.length; tries += 1) {
      const index = next++ % targets.length;
      if (!down.has(index)) return index;
    }
    return next++ % targets.length;
  };
  const server: Server = createServer((incoming, outgoing) => {
    const index = pick();
    counts[index] = (counts[index] ?? 0) + 1;
    const target = new URL(incoming.url ?? '/', targets[index]);
    const forwarded = httpRequest(
      target,
      { method: incoming.method, headers: incoming.headers },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
        // A target that dies mid-answer (a stream cut by kill -9) cuts the caller's connection too, as a real
        // load balancer does, instead of leaving it open and silent.
        response.on('aborted', () => outgoing.destroy());
        response.on('error', () => outgoing.destroy());
      },
    );
    forwarded.on('error', () => {
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end('bad gateway');
    });
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setDown(target, isDown) {
      const index = targets.indexOf(target);
      if (index < 0) throw new Error(`${target} is not a target of this proxy`);
      if (isDown) down.add(index);
      else down.delete(index);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
