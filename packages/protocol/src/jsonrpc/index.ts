/** JSON-RPC 2.0: envelope schemas, response builders and the A2A method names of 1.0 and 0.3. */
export * from './create.ts';
export * from './envelope.ts';
export * from './methods.ts';
