export { canUseSkill, missingScopes, requirementScopes } from '../vocabulary/scope-check.ts';
export { type ApiKeyOptions, apiKey } from './api-key.ts';
export {
  AuthFailure,
  type AuthFailureKind,
  type AuthFailureOptions,
  buildChallenge,
  isAuthFailure,
} from './auth-failure.ts';
export {
  type AuthMiddlewareOptions,
  type AuthVariables,
  createAuthMiddleware,
  getAuthUser,
} from './auth-middleware.ts';
export { type AuthBinding, authFailureResponse } from './auth-response.ts';
export { type BearerJwtOptions, bearerJwt, userFromJwtPayload } from './bearer-jwt.ts';
export {
  type Authenticator,
  type AuthenticatorOptions,
  createAuthenticator,
} from './create-authenticator.ts';
export { type CustomVerifierOptions, custom } from './custom-verifier.ts';
export { type OAuthAccessTokenOptions, oauthAccessToken } from './oauth-access-token.ts';
export type { SchemeContext, SchemeVerifier } from './scheme-verifier.ts';
export { type SignCardOptions, signCard } from './sign-agent-card.ts';
