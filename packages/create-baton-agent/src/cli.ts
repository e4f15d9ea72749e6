#!/usr/bin/env node
/** The `create-baton-agent` command (`npm create baton-agent@latest my-agent`). */
import { runCreate } from './run-create.ts';

process.exitCode = await runCreate({
  argv: process.argv.slice(2),
  env: process.env,
  interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
