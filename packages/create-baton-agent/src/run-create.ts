/**
 * `create-baton-agent [folder] [--runtime node|bun|deno|workers] [--name <package>]`: scaffolds an agent
 * project. On a terminal it asks for what is missing; elsewhere the folder is required and the runtime defaults
 * to the one the package manager suggests (Node for npm).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { parseRuntime, RUNTIME_PROFILES, runtimeFromUserAgent, STARTER_RUNTIMES } from './runtimes.ts';
import { DirectoryNotEmptyError, scaffoldAgent } from './scaffold.ts';

/** Where the command reads and writes; a test passes its own. */
export interface CreateIo {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly interactive: boolean;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

const USAGE = `Usage: create-baton-agent <folder> [--runtime ${STARTER_RUNTIMES.join('|')}] [--name <package-name>]

Scaffolds an A2A agent (card, executor, a test through @baton/client) in a new folder.`;

async function ask(io: CreateIo, question: string, fallback: string): Promise<string> {
  const prompt = createInterface({ input: io.stdin, output: io.stdout });
  try {
    const answer = (await prompt.question(`${question} (${fallback}) `)).trim();
    return answer === '' ? fallback : answer;
  } finally {
    prompt.close();
  }
}

/** Runs the command; resolves with the exit code (0 done, 1 could not write, 2 wrong command line). */
export async function runCreate(io: CreateIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(io.argv);
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const suggested = runtimeFromUserAgent(io.env.npm_config_user_agent);
  let folder = parsed.positionals[0];
  let runtimeName = parsed.values.runtime;
  if (folder === undefined && io.interactive) folder = await ask(io, 'Folder for the new agent?', 'my-agent');
  if (folder === undefined) {
    io.stderr.write(`Name the folder to create.\n\n${USAGE}\n`);
    return 2;
  }
  if (runtimeName === undefined && io.interactive) {
    runtimeName = await ask(io, `Runtime? ${STARTER_RUNTIMES.join(', ')}`, suggested);
  }
  let runtime: ReturnType<typeof parseRuntime>;
  try {
    runtime = parseRuntime(runtimeName ?? suggested);
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  try {
    const result = await scaffoldAgent({
      directory: folder,
      runtime,
      ...(parsed.values.name === undefined ? {} : { name: parsed.values.name }),
    });
    const [start, test] = RUNTIME_PROFILES[runtime].commands;
    io.stdout.write(
      `Created ${result.name} (${RUNTIME_PROFILES[runtime].label}) in ${result.directory}\n\n` +
        `  cd ${folder}\n  ${start}\n  ${test}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DirectoryNotEmptyError) {
      io.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      runtime: { type: 'string', short: 'r' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
