import type * as z from 'zod/mini';
import { protoEnum } from '../wire/proto-json.ts';

/** Every `Role` name, indexed by its proto number (0..2). */
export const ROLES = ['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT'] as const;

/** The sender of a message (`ROLE_USER` = client, `ROLE_AGENT` = server); reads the name or the number. */
export const RoleSchema = protoEnum(ROLES);
/** A `ROLE_*` name. */
export type Role = z.infer<typeof RoleSchema>;
