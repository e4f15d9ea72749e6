import * as z from 'zod/mini';
import { isJsonObject } from './is-json-object.ts';
import { preprocess } from './preprocess.ts';

/** Flattens an intersection into one object type so editors show plain fields. */
type Simplify<T> = { [Key in keyof T]: T[Key] } & {};

/**
 * The TypeScript form of a message with a proto `oneof`: one variant per member, with that member required and
 * the other members not declared at all, so `'text' in part` narrows to the text variant.
 */
export type OneofUnion<
  Fields,
  Members extends keyof Fields,
  Member extends Members = Members,
> = Member extends unknown
  ? Simplify<Omit<Fields, Members> & { [Key in Member]-?: Exclude<Fields[Key], undefined> }>
  : never;

type MemberName<Schema extends z.ZodMiniType<object>> = keyof z.output<Schema> & string;

/**
 * Rewrites a oneof that a peer leaked in ts-proto's in-memory form, `{ <oneofName>: { $case: member, value } }`,
 * into ProtoJSON, `{ member: value }`. The official JS SDK 1.3.0 serves its 1.0 agent card that way (its security
 * schemes and OAuth flows), so without this no Baton client could read the card of an a2a-js agent with security.
 * Only a key whose value names one of this oneof's members is rewritten; anything else is left to the schema.
 */
function unwrapLeakedOneof(members: readonly string[]) {
  return (input: unknown): unknown => {
    if (!isJsonObject(input)) return input;
    for (const [key, value] of Object.entries(input)) {
      if (members.includes(key) || !isJsonObject(value)) continue;
      const member = value.$case;
      if (typeof member !== 'string' || !members.includes(member) || !('value' in value)) continue;
      const { [key]: _leaked, ...rest } = input;
      return { ...rest, [member]: value.value };
    }
    return input;
  };
}

/**
 * Enforces a proto `oneof` on a message schema whose oneof members are all optional: exactly one member must be
 * present, otherwise the object fails with `expected exactly one of a, b, c` at its own path. The parsed value is
 * unchanged; only its type becomes the narrowing {@link OneofUnion}.
 */
export function protoOneof<
  Schema extends z.ZodMiniType<object>,
  const Members extends readonly [MemberName<Schema>, ...MemberName<Schema>[]],
>(schema: Schema, members: Members): z.ZodMiniType<OneofUnion<z.output<Schema>, Members[number]>, unknown> {
  const expected = `expected exactly one of ${members.join(', ')}`;
  return z.pipe(
    preprocess(unwrapLeakedOneof(members), schema).check((ctx) => {
      const fields = ctx.value as Record<string, unknown>;
      const present = members.filter((member) => fields[member] !== undefined);
      if (present.length === 1) return;
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: present.length === 0 ? `${expected}, got none` : `${expected}, got ${present.join(' and ')}`,
      });
    }),
    z.transform((value) => value as OneofUnion<z.output<Schema>, Members[number]>),
  );
}
