/** Why an incoming push notification was refused. */
export type PushRefusal =
  | 'missing-token'
  | 'bad-token'
  | 'wrong-jwks'
  | 'bad-signature'
  | 'wrong-issuer'
  | 'wrong-audience'
  | 'expired'
  | 'stale'
  | 'body-mismatch'
  | 'wrong-notification-token'
  | 'bad-body'
  | 'replayed'
  | 'jwks-unavailable';

/** An incoming push notification that is not a verified delivery from the agent; `message` says why. */
export class PushVerificationError extends Error {
  override readonly name = 'PushVerificationError';
  constructor(
    readonly reason: PushRefusal,
    message: string,
  ) {
    super(message);
  }

  /** The HTTP status a webhook answers with: 409 for a replay, 503 when the keys cannot be fetched, else 401. */
  get status(): 401 | 409 | 503 {
    if (this.reason === 'replayed') return 409;
    return this.reason === 'jwks-unavailable' ? 503 : 401;
  }
}
