import type { PostgresMigration } from '@baton/store-postgres';

// NOTIFY payloads must stay under 8000 bytes; larger ones go through a table and the notification names the row.
export const INLINE_LIMIT_BYTES = 7_900;

/** Payloads too large for NOTIFY, kept a few minutes for the listeners to read. */
export const BUS_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'bus payloads too large for NOTIFY',
    sql: `
      CREATE TABLE baton_bus_payloads (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        payload text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX baton_bus_payloads_by_age ON baton_bus_payloads (created_at);
    `,
  },
];

/** A notification's text: `i` + the payload itself, or `r` + the id of the row that holds it. */
export type Envelope = { readonly inline: string } | { readonly row: string };

/** Reads a notification's text. */
export function readEnvelope(text: string): Envelope {
  return text.startsWith('r') ? { row: text.slice(1) } : { inline: text.slice(1) };
}
