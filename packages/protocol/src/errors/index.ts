/** Errors: the code table, the A2AError class with its wire forms, and zod-error conversion. */
export * from './a2a-error.ts';
export * from './error-codes.ts';
export * from './error-wire.ts';
export * from './from-zod-error.ts';
