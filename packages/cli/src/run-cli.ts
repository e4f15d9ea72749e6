import { asCliError, EXIT, usage } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { type CliOptions, parseCli } from './cli-options.ts';
import { CARD_HELP, cardCommand } from './commands/card-command.ts';
import { CATALOG_HELP, catalogCommand } from './commands/catalog-command.ts';
import { CHAIN_HELP, chainCommand } from './commands/chain-command.ts';
import { APPROVE_HELP, decideCommand } from './commands/decide-command.ts';
import { MCP_HELP, mcpCommand } from './commands/mcp-command.ts';
import { PLAN_HELP, planCommand } from './commands/plan-command.ts';
import { PUSH_HELP, pushCommand } from './commands/push-command.ts';
import { SEND_HELP, sendCommand } from './commands/send-command.ts';
import { STREAM_HELP, streamCommand } from './commands/stream-command.ts';
import { TASK_HELP, taskCommand } from './commands/task-command.ts';

type Command = (io: CliIo, args: readonly string[], options: CliOptions) => Promise<number>;

const COMMANDS: Readonly<Record<string, { readonly run: Command; readonly help: string }>> = {
  card: { run: cardCommand, help: CARD_HELP },
  catalog: { run: catalogCommand, help: CATALOG_HELP },
  send: { run: sendCommand, help: SEND_HELP },
  stream: { run: streamCommand, help: STREAM_HELP },
  task: { run: taskCommand, help: TASK_HELP },
  push: { run: pushCommand, help: PUSH_HELP },
  chain: { run: chainCommand, help: CHAIN_HELP },
  plan: { run: planCommand, help: PLAN_HELP },
  approve: { run: decideCommand(true), help: APPROVE_HELP },
  reject: { run: decideCommand(false), help: APPROVE_HELP },
  mcp: { run: mcpCommand, help: MCP_HELP },
};

const COMMON = `Options for every command that talks to an agent:
  --json                 one JSON object per line on stdout
  -H, --header "N: v"    an extra HTTP header (repeatable)
  --api-key <key>        for the API-key schemes the card declares
  --bearer <token>       for the bearer, OAuth 2 and OpenID Connect schemes the card declares
  --oauth-client <id>    get OAuth tokens from the authorization server the card names, as this client:
                         with --oauth-secret (or BATON_OAUTH_CLIENT_SECRET) by client credentials, else by
                         the device code flow (the code to enter is shown on stderr)
  --scope <scope>        an OAuth scope to ask for (repeatable; default: what the card requires)
  --binding jsonrpc|rest which binding to use (default: the card's first that baton speaks)
  --a2a-version 1.0|0.3  which protocol version to use
  --timeout <seconds>    longest wait for one call

Exit codes: 0 completed, 1 failed / rejected / canceled, 2 usage, 3 unreachable or protocol error.`;

export const HELP = `baton: talk to any A2A agent (1.0 or 0.3, JSON-RPC or HTTP+JSON) from a terminal.

  baton card <url>                     the agent's card, with validation and signature check
  baton catalog <url>                  the A2A agents of a host's AI Catalog (/.well-known/ai-catalog.json)
  baton send <url> <text>              send a message and wait for the task
  baton stream <url> <text>            send a message and follow the task live
  baton task get|cancel|list <url> …   read, cancel or list tasks
  baton push set|list|delete <url> …   a task's push notification configs
  baton chain <topic>                  run the Baton chain on the orchestrator
  baton plan <goal>                    plan a chain for a goal from the agents' skills
  baton approve|reject <run-id>        decide an approval step a run waits for
  baton mcp <url> [--http <port>]      serve the agent as an MCP server (stdio, or streamable HTTP)

baton <command> --help says more.

${COMMON}`;

/** Runs one command line; resolves with the exit code, having written its one-line failure to stderr. */
export async function runCli(io: CliIo, argv: readonly string[]): Promise<number> {
  try {
    const { positionals, options } = parseCli(argv);
    const [name, ...args] = positionals;
    if (name === undefined || name === 'help') {
      if (name === undefined && !options.help) {
        io.stderr.write(`${HELP}\n`);
        return EXIT.usage;
      }
      io.stdout.write(`${HELP}\n`);
      return EXIT.ok;
    }
    const command = COMMANDS[name];
    if (!command) throw usage(`baton does not know the command "${name}"`);
    if (options.help) {
      io.stdout.write(
        `${command.help}\n\n${['chain', 'plan', 'approve', 'reject'].includes(name) ? '' : `${COMMON}\n`}`,
      );
      return EXIT.ok;
    }
    return await command.run(io, args, options);
  } catch (error) {
    const failure = asCliError(error);
    io.stderr.write(`baton: ${failure.message.split('\n')[0]}\n`);
    return failure.exitCode;
  }
}
