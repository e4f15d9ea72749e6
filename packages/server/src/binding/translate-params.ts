import { A2AError, BAD_REQUEST_TYPE, translate } from '@baton/protocol';

/**
 * Runs a 0.3 → 1.0 request translation. A `TranslationError` there means the caller sent something 1.0 cannot
 * accept (an empty id, say), so it becomes a -32602 InvalidParams naming the field; anything else propagates.
 */
export function translateParamsOrThrow<Result>(translation: () => Result): Result {
  try {
    return translation();
  } catch (error) {
    if (!(error instanceof translate.TranslationError)) throw error;
    const { path: field, reason: description } = error;
    throw A2AError.from('InvalidParamsError', {
      message: `Invalid parameters: ${field === '' ? '' : `${field}: `}${description}`,
      details: [{ '@type': BAD_REQUEST_TYPE, fieldViolations: [{ field, description }] }],
      cause: error,
    });
  }
}
