/**
 * Shuts an app down gracefully on SIGINT or SIGTERM: says so in one line, runs `close` (the server, then its
 * stores) and exits 0, or 1 with the reason when closing fails. A second signal exits at once with 1.
 */
export function closeOnSignals(name: string, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`${name}: ${signal}, shutting down`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${name}: shutdown failed`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
