/** Every HTTP interface a test runs over: both bindings, both versions. */
export const HTTP_INTERFACES = [
  ['JSONRPC', '1.0'],
  ['JSONRPC', '0.3'],
  ['HTTP+JSON', '1.0'],
  ['HTTP+JSON', '0.3'],
] as const;
