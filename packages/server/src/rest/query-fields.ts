import { A2AError, snakeToCamel } from '@baton/protocol';

/** How a query parameter's text becomes the JSON value the request schema reads. */
export type QueryFieldKind = 'string' | 'int32' | 'boolean' | 'enum';

/** The request fields a route reads from its query string, by their ProtoJSON (camelCase) names. */
export type QueryFields = Readonly<Record<string, QueryFieldKind>>;

function toJsonValue(field: string, kind: QueryFieldKind, text: string): unknown {
  switch (kind) {
    case 'boolean':
      if (text === 'true') return true;
      if (text === 'false') return false;
      throw A2AError.invalidParams(`Invalid parameters: ${field}: must be true or false`, [
        { field, description: 'must be true or false' },
      ]);
    case 'enum':
      // ProtoJSON takes an enum's number as well as its name; the schema maps the number to the name.
      return /^\d+$/.test(text) ? Number(text) : text;
    default:
      // int32 (and a generation) stays text: the schema reads decimal strings and names the field when the text is not one.
      return text;
  }
}

/**
 * Reads `fields` from a query string (spec §11.5) into the JSON object the request schema parses: names in
 * camelCase (the proto's snake_case also read), booleans `true`/`false`, enums by name (or number), timestamps
 * and integers as text for the schema to check. An empty value counts as absent, unknown names (such as
 * `A2A-Version`) are ignored, and a field given more than once is an InvalidParams error: every field these
 * requests take from the query is singular, so a repeated key (or both spellings of one name) is ambiguous.
 */
export function readQueryFields(query: URLSearchParams, fields: QueryFields): Record<string, unknown> {
  const seen = new Map<string, number>();
  const values: Record<string, unknown> = {};
  for (const [name, text] of query) {
    const field = Object.hasOwn(fields, name) ? name : snakeToCamel(name);
    const kind = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (kind === undefined) continue;
    const count = (seen.get(field) ?? 0) + 1;
    seen.set(field, count);
    if (count > 1) {
      const description = 'is given more than once; it takes a single value';
      throw A2AError.invalidParams(`Invalid parameters: ${field}: ${description}`, [{ field, description }]);
    }
    if (text !== '') values[field] = toJsonValue(field, kind, text);
  }
  return values;
}
