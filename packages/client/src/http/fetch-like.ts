/** The `fetch` the client uses; inject your own (tests, proxies, instrumentation). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
