/** Test fixtures for OAuth: a real authorization server on loopback, and a user's browser scripted over HTTP. */
export {
  JWT_BEARER_GRANT,
  type RunningOAuthServer,
  startOAuthServer,
  type TestClient,
  USER_CLIENT_ID,
  USER_ID,
  USER_REDIRECT_URI,
} from './oauth-server.ts';
export { createUserAgent, type UserAgent, type Visited } from './user-agent.ts';
