import type { Health } from './create-health.ts';

/**
 * A fetch handler that answers `GET /healthz` and `GET /readyz` from `health` before anything else (an app's Host
 * check, credentials, CORS: a probe sends none of them and learns only a status) and hands every other request to
 * `fetch`.
 */
export function withHealth<Rest extends unknown[]>(
  health: Health,
  fetch: (request: Request, ...rest: Rest) => Response | Promise<Response>,
): (request: Request, ...rest: Rest) => Response | Promise<Response> {
  return (request, ...rest) => {
    if (request.method === 'GET') {
      const path = pathOf(request.url);
      if (path === '/healthz') return health.live();
      if (path === '/readyz') return health.readiness();
    }
    return fetch(request, ...rest);
  };
}

// The path of an absolute URL without parsing all of it: this runs for every request.
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}
