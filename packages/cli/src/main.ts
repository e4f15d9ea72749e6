import { runCli } from './run-cli.ts';

const code = await runCli(
  { stdout: process.stdout, stderr: process.stderr, env: process.env },
  process.argv.slice(2),
);
process.exitCode = code;
