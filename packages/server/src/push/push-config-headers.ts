import { A2AError, type TaskPushNotificationConfig } from '@baton/protocol';

// RFC 9110 token characters: what an authentication scheme may be made of.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Control characters (CR and LF among them) cannot travel in a header value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

function refuse(field: string, description: string): A2AError {
  return A2AError.invalidParams(`Push notification config ${field} ${description}`, [{ field, description }]);
}

/**
 * Refuses a config whose values could not be sent as the delivery's headers (`Authorization`,
 * `X-A2A-Notification-Token`), at registration rather than at every delivery.
 */
export function checkPushConfigHeaders(config: TaskPushNotificationConfig): void {
  const { authentication, token } = config;
  if (
    authentication?.scheme !== undefined &&
    authentication.scheme !== '' &&
    !TOKEN.test(authentication.scheme)
  ) {
    throw refuse(
      'authentication.scheme',
      'must be an HTTP authentication scheme name (letters, digits, -._~ and the like)',
    );
  }
  if (authentication?.credentials !== undefined && CONTROL.test(authentication.credentials)) {
    throw refuse(
      'authentication.credentials',
      'must not contain control characters (they cannot be sent in a header)',
    );
  }
  if (token !== undefined && CONTROL.test(token)) {
    throw refuse('token', 'must not contain control characters (it is sent in a header)');
  }
}
