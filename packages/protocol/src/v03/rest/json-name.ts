import type * as z from 'zod/mini';
import { isJsonObject } from '../../wire/is-json-object.ts';
import { preprocess } from '../../wire/preprocess.ts';

/**
 * Reads a field under its proto name as well as its `json_name` (ProtoJSON readers accept both): the value of
 * `protoName` is moved to `jsonName` unless `jsonName` is already present.
 */
export function withJsonName<Schema extends z.ZodMiniType>(
  protoName: string,
  jsonName: string,
  schema: Schema,
) {
  return preprocess((input) => {
    if (!isJsonObject(input) || input[protoName] === undefined || input[jsonName] !== undefined) return input;
    const { [protoName]: value, ...rest } = input;
    return { ...rest, [jsonName]: value };
  }, schema);
}
