import * as z from 'zod/mini';

/**
 * An ISO-8601 date-time, kept exactly as sent. The zone is optional and the fraction may have any
 * precision, because a2a-python 0.3 sends local times such as `2025-04-02T16:59:25.331844`.
 */
export const TimestampSchema = z.iso.datetime({
  offset: true,
  local: true,
  error: 'must be an ISO-8601 date-time such as 2025-04-02T16:59:25Z',
});
/** An ISO-8601 date-time string. */
export type Timestamp = z.infer<typeof TimestampSchema>;
