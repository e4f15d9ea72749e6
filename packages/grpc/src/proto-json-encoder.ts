/**
 * ProtoJSON straight to what protobufjs's `encode` writes: enums as their numbers, bytes as bytes, the well-known
 * types in their message form, so an answer is encoded without `fromObject` building a message instance of
 * every object first (a second copy of the whole tree). Each type's fields are looked at once and kept as a plan.
 * The same rules as `jsonToMessageObject`: only fields that are set, a proto3 scalar without presence left out at
 * its default, `null` an unset field except where it is the value (google.protobuf.Value).
 */
import type { Enum, Field, Type } from 'protobufjs';
import { WELL_KNOWN, type WellKnownCodec } from './well-known.ts';

type MessageObject = Record<string, unknown>;

interface FieldPlan {
  readonly name: string;
  readonly repeated: boolean;
  readonly map: boolean;
  /** `null` is a value here (google.protobuf.Value), not an unset field. */
  readonly nullIsValue: boolean;
  /** A proto3 scalar without presence: not on the wire at its default. */
  readonly implicit: boolean;
  readonly convert: ((value: unknown) => unknown) | undefined;
  /** An enum's numbers by name. */
  readonly enumValues: Readonly<Record<string, number>> | undefined;
}

const plans = new WeakMap<Type, readonly FieldPlan[]>();

function isMessage(type: Field['resolvedType']): type is Type {
  return type !== null && 'fieldsArray' in type;
}

function isEnum(type: Field['resolvedType']): type is Enum {
  return type !== null && 'values' in type;
}

function converterOf(field: Field): FieldPlan['convert'] {
  const type = field.resolvedType;
  if (isMessage(type)) {
    const wellKnown: WellKnownCodec | undefined = WELL_KNOWN[type.fullName];
    return wellKnown ? wellKnown.toMessage : (value) => toEncodable(type, value);
  }
  if (isEnum(type)) {
    const values = type.values;
    // An unknown name is left unset, as protobufjs's fromObject leaves it.
    return (value) => (typeof value === 'string' ? values[value] : value);
  }
  if (field.type === 'bytes') {
    return (value) => (typeof value === 'string' ? Buffer.from(value, 'base64') : value);
  }
  return undefined;
}

function planOf(type: Type): readonly FieldPlan[] {
  let plan = plans.get(type);
  if (!plan) {
    plan = type.fieldsArray.map((field) => {
      const resolved = field.resolvedType;
      return {
        name: field.name,
        repeated: field.repeated,
        map: field.map,
        nullIsValue: isMessage(resolved) && resolved.fullName === '.google.protobuf.Value',
        implicit: !field.repeated && !field.map && !field.partOf && !isMessage(resolved),
        convert: converterOf(field),
        enumValues: isEnum(resolved) ? resolved.values : undefined,
      };
    });
    plans.set(type, plan);
  }
  return plan;
}

function isDefault(value: unknown, enumValues: FieldPlan['enumValues']): boolean {
  if (value === false || value === 0 || value === '') return true;
  // An enum at its zero value, by name.
  return enumValues !== undefined && typeof value === 'string' && enumValues[value] === 0;
}

function convertAll(plan: FieldPlan, value: unknown): unknown {
  const convert = plan.convert;
  if (!convert) return value;
  if (plan.map) {
    const out: MessageObject = {};
    for (const key of Object.keys(value as MessageObject)) out[key] = convert((value as MessageObject)[key]);
    return out;
  }
  if (plan.repeated) return (value as unknown[]).map(convert);
  return convert(value);
}

/** A ProtoJSON object of `type` as the plain object protobufjs's `type.encode` writes. */
export function toEncodable(type: Type, json: unknown): MessageObject {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new TypeError(`${type.name} must be a JSON object`);
  }
  const source = json as MessageObject;
  const out: MessageObject = {};
  for (const field of planOf(type)) {
    const value = source[field.name];
    if (value === undefined || (value === null && !field.nullIsValue)) continue;
    if (field.implicit && isDefault(value, field.enumValues)) continue;
    const converted = convertAll(field, value);
    if (converted !== undefined) out[field.name] = converted;
  }
  return out;
}
