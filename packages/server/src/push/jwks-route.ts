import { PUSH_JWKS_PATH } from '@baton/protocol';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { PushSigner } from './push-signer.ts';

/**
 * `GET /.well-known/jwks.json`: the public keys that verify this agent's push deliveries (the `jku` of every
 * delivery token). Public like the agent card; cacheable for five minutes (a receiver that meets an unknown
 * `kid` fetches it again).
 */
export function createJwksRoute(signer: PushSigner): Hono {
  const app = new Hono();
  app.use(PUSH_JWKS_PATH, cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'] }));
  app.get(PUSH_JWKS_PATH, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await signer.jwks(), 200, { 'Content-Type': 'application/jwk-set+json' });
  });
  return app;
}
