import type { TextMapGetter, TextMapSetter } from '@opentelemetry/api';

/** Reads a trace context (`traceparent`, `tracestate`) from a request's `Headers`. */
export const HEADERS_GETTER: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/** Writes a trace context into a request's `Headers`. */
export const HEADERS_SETTER: TextMapSetter<Headers> = {
  set: (headers, key, value) => headers.set(key, value),
};
