/** The part of the Workers runtime API this agent uses (@cloudflare/workers-types has all of it). */
declare module 'cloudflare:workers' {
  export function waitUntil(work: Promise<unknown>): void;
}
