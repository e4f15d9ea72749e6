/**
 * The agent's base URL as a request reached it: the request's origin and the path before the binding's own
 * path (so an agent mounted under `/agents/x` is `https://host/agents/x`). `configured` (the server's `url`
 * option) wins when set.
 */
export function agentUrlOf(
  bindingPath: string,
  configured: string | undefined,
): (request: Request) => string {
  if (configured !== undefined) {
    const fixed = configured.replace(/\/+$/, '');
    return () => fixed;
  }
  return (request) => {
    const url = new URL(request.url);
    const at = bindingPath === '/' ? -1 : url.pathname.indexOf(bindingPath);
    return `${url.origin}${at > 0 ? url.pathname.slice(0, at) : ''}`;
  };
}
