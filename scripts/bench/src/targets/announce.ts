/** How a target process tells the runner it is up: one line on stdout with its URL and pid. */
export function announce(url: string): void {
  process.stdout.write(`ready ${url} ${process.pid}\n`);
  // Exit normally on a signal, so `--cpu-prof` can write its profile.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
}

/** The port to listen on: `PORT` (default 0, any free port). */
export function portFromEnv(): number {
  const port = Number(process.env.PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number`);
  return port;
}
