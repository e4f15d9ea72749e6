/** @baton/cli: the `baton` command. `runCli` runs one command line against the given output streams. */
export { EXIT } from './cli-error.ts';
export type { CliIo } from './cli-io.ts';
export { HELP, runCli } from './run-cli.ts';
