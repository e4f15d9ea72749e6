/**
 * ProtoJSON (A2A's JSON form, what `@baton/protocol` parses and the other bindings carry) to and from protobuf
 * bytes, by reflection over the loaded proto: field names are the JSON names protobufjs derives (lowerCamelCase),
 * enums travel by name, bytes as base64, and the well-known types take their JSON forms. Only fields that are set
 * appear, as ProtoJSON writes them; an `optional` field set to its default (`historyLength: 0`) is kept.
 */
import type { Field, Type } from 'protobufjs';
import { toEncodable } from './proto-json-encoder.ts';
import { WELL_KNOWN } from './well-known.ts';

type MessageObject = Record<string, unknown>;

const TO_OBJECT = {
  enums: String,
  bytes: String,
  longs: Number,
  defaults: false,
  arrays: false,
  objects: false,
  oneofs: false,
} as const;

function isMessageType(field: Field): field is Field & { resolvedType: Type } {
  return field.resolvedType !== null && 'fieldsArray' in field.resolvedType;
}

function convertField(field: Field, value: unknown, direction: 'toMessage' | 'toJson'): unknown {
  if (!isMessageType(field)) return value;
  const type = field.resolvedType;
  const wellKnown = WELL_KNOWN[type.fullName];
  const one = (item: unknown) =>
    wellKnown
      ? wellKnown[direction](item as MessageObject)
      : direction === 'toMessage'
        ? jsonToMessageObject(type, item)
        : messageObjectToJson(type, item as MessageObject);
  if (field.map) {
    const out: MessageObject = {};
    for (const [key, item] of Object.entries(value as MessageObject)) out[key] = one(item);
    return out;
  }
  if (field.repeated) return (value as unknown[]).map(one);
  return one(value);
}

// A proto3 scalar without presence (not `optional`, not in a oneof) holding its default is not on the wire.
function isImplicitDefault(field: Field, value: unknown): boolean {
  if (field.repeated || field.map || field.partOf || isMessageType(field)) return false;
  if (value === false || value === 0 || value === '') return true;
  const enumType = field.resolvedType;
  return enumType !== null && 'values' in enumType && enumType.values[value as string] === 0;
}

function isValueField(field: Field): boolean {
  return isMessageType(field) && field.resolvedType.fullName === '.google.protobuf.Value';
}

/** A ProtoJSON object as the message object protobufjs encodes (well-known types in their message form). */
export function jsonToMessageObject(type: Type, json: unknown): MessageObject {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new TypeError(`${type.name} must be a JSON object`);
  }
  const source = json as MessageObject;
  const out: MessageObject = {};
  for (const field of type.fieldsArray) {
    const value = source[field.name];
    // ProtoJSON writes `null` for an unset field, except where null is the value (google.protobuf.Value).
    if (value === undefined || (value === null && !isValueField(field))) continue;
    if (isImplicitDefault(field, value)) continue;
    out[field.name] = convertField(field, value, 'toMessage');
  }
  return out;
}

/** A decoded message object as ProtoJSON. */
export function messageObjectToJson(type: Type, object: MessageObject): MessageObject {
  const out: MessageObject = {};
  for (const field of type.fieldsArray) {
    const value = object[field.name];
    if (value === undefined || value === null) continue;
    out[field.name] = convertField(field, value, 'toJson');
  }
  return out;
}

/** Encodes a ProtoJSON object as `type`'s protobuf bytes. */
export function encodeJson(type: Type, json: unknown): Uint8Array {
  return type.encode(toEncodable(type, json)).finish();
}

/** Decodes `type`'s protobuf bytes to ProtoJSON. */
export function decodeJson(type: Type, bytes: Uint8Array): MessageObject {
  return messageObjectToJson(type, type.toObject(type.decode(bytes), TO_OBJECT) as MessageObject);
}
