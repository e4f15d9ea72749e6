// The part of the Workers runtime's own module that the Worker entry uses (no dependency on Cloudflare's types).
declare module 'cloudflare:workers' {
  /** Keeps `promise` running after the current request's response (the current request's `waitUntil`). */
  export function waitUntil(promise: Promise<unknown>): void;
}
