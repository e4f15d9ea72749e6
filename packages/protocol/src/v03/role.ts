import * as z from 'zod/mini';

/** Who sent a 0.3 message: `user` for the client, `agent` for the server. */
export const RoleSchema = z.enum(['user', 'agent']);
/** Who sent a 0.3 message. */
export type Role = z.infer<typeof RoleSchema>;
