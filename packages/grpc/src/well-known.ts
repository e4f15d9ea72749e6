/**
 * The google.protobuf types whose ProtoJSON form differs from their message form: Struct, Value and ListValue
 * (plain JSON) and Timestamp (an RFC 3339 string). Each pair converts between the two.
 */
import { isTimestamp, toTimestamp } from '@baton/protocol';

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
type MessageObject = Record<string, unknown>;

/** Converts one well-known type between its ProtoJSON value and its protobuf message object. */
export interface WellKnownCodec {
  toMessage(json: unknown): MessageObject;
  toJson(message: MessageObject): unknown;
}

function valueToMessage(json: unknown): MessageObject {
  // NULL_VALUE by its number, which both protobufjs's fromObject and its encode take.
  if (json === null || json === undefined) return { nullValue: 0 };
  switch (typeof json) {
    case 'number':
      return { numberValue: json };
    case 'string':
      return { stringValue: json };
    case 'boolean':
      return { boolValue: json };
    case 'object':
      return Array.isArray(json)
        ? { listValue: { values: json.map(valueToMessage) } }
        : { structValue: structToMessage(json) };
    default:
      throw new TypeError(`A ${typeof json} is not a JSON value`);
  }
}

function structToMessage(json: unknown): MessageObject {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new TypeError('A google.protobuf.Struct must be a JSON object');
  }
  const fields: Record<string, MessageObject> = {};
  for (const [key, value] of Object.entries(json)) fields[key] = valueToMessage(value);
  return { fields };
}

function valueToJson(message: MessageObject): JsonValue {
  if ('numberValue' in message) return message.numberValue as number;
  if ('stringValue' in message) return message.stringValue as string;
  if ('boolValue' in message) return message.boolValue as boolean;
  if ('structValue' in message) return structToJson(message.structValue as MessageObject);
  if ('listValue' in message) {
    const values = ((message.listValue as MessageObject).values ?? []) as MessageObject[];
    return values.map(valueToJson);
  }
  return null;
}

function structToJson(message: MessageObject): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = {};
  const fields = (message.fields ?? {}) as Record<string, MessageObject>;
  for (const [key, value] of Object.entries(fields)) out[key] = valueToJson(value);
  return out;
}

const NANOS_PER_MILLI = 1_000_000;

/** Epoch milliseconds of a ProtoJSON timestamp; Baton's own form as it is, any other RFC 3339 form normalised. */
function millisOf(json: unknown): number {
  return isTimestamp(json) ? Date.parse(json) : Date.parse(toTimestamp(json as string));
}

/** The codecs by the type's full protobuf name (with its leading dot, as protobufjs reports it). */
export const WELL_KNOWN: Readonly<Record<string, WellKnownCodec>> = {
  '.google.protobuf.Struct': { toMessage: structToMessage, toJson: structToJson },
  '.google.protobuf.Value': { toMessage: valueToMessage, toJson: valueToJson },
  '.google.protobuf.ListValue': {
    toMessage: (json) => {
      if (!Array.isArray(json)) throw new TypeError('A google.protobuf.ListValue must be a JSON array');
      return { values: json.map(valueToMessage) };
    },
    toJson: (message) => ((message.values ?? []) as MessageObject[]).map(valueToJson),
  },
  '.google.protobuf.Timestamp': {
    toMessage: (json) => {
      const millis = millisOf(json);
      const seconds = Math.floor(millis / 1000);
      return { seconds, nanos: (millis - seconds * 1000) * NANOS_PER_MILLI };
    },
    // Baton's timestamps carry milliseconds (spec §5.6.1); finer digits from a peer are dropped.
    toJson: (message) => {
      const seconds = Number(message.seconds ?? 0);
      const nanos = Number(message.nanos ?? 0);
      return toTimestamp(seconds * 1000 + Math.floor(nanos / NANOS_PER_MILLI));
    },
  },
};
