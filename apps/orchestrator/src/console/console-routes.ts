import { Hono } from 'hono';
import type { ConsoleAssets } from './build-console.ts';

// The page runs only its own bundle and talks only to its own origin and the agents the user inspects.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src *; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/**
 * The web console at `/` (its page) and `/console/app.js`, `/console/app.css`. The assets are built on the
 * first request that needs them (or earlier, by whoever calls `loadConsole`); a build failure answers 500 saying so.
 */
export function createConsoleRoutes(assets: () => Promise<ConsoleAssets>): Hono {
  const app = new Hono();
  const serve =
    (pick: (built: ConsoleAssets) => string, type: string) => async (c: import('hono').Context) => {
      try {
        const body = pick(await assets());
        return c.body(body, 200, {
          'Content-Type': type,
          'Cache-Control': 'no-cache',
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        });
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        return c.json(
          { error: { code: 'CONSOLE_UNAVAILABLE', message: `The console could not be built: ${message}` } },
          500,
        );
      }
    };
  app.get(
    '/',
    serve((built) => built.html, 'text/html; charset=utf-8'),
  );
  app.get(
    '/console/app.js',
    serve((built) => built.js, 'text/javascript; charset=utf-8'),
  );
  app.get(
    '/console/app.css',
    serve((built) => built.css, 'text/css; charset=utf-8'),
  );
  return app;
}
