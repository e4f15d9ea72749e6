import { resolveAiCatalog } from '@baton/client';
import { usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { printJson } from '../print-task.ts';

export const CATALOG_HELP = `baton catalog <url> [--json]

Lists the A2A agents of an AI Catalog (Agentic Resource Discovery): a host's /.well-known/ai-catalog.json when
<url> is an origin (http://127.0.0.1:4100, the orchestrator's), or the catalog at <url>, with the catalogs it
nests. Each agent's card URL goes to any other command: baton card <card-url>, baton send <card-url> "hello".`;

/** `baton catalog <url>`. */
export async function catalogCommand(
  io: CliIo,
  args: readonly string[],
  options: CliOptions,
): Promise<number> {
  const [url] = args;
  if (!url || args.length > 1) throw usage('baton catalog takes one URL');
  const agents = await resolveAiCatalog(url, { headers: options.headers });
  if (options.json) {
    for (const agent of agents) printJson(io, agent);
    return 0;
  }
  if (agents.length === 0) io.stdout.write('no A2A agents in this catalog\n');
  for (const agent of agents) {
    const where = agent.url ?? '(card inline in the catalog)';
    io.stdout.write(
      `${agent.displayName}  ${where}\n  ${agent.identifier}${agent.description ? `: ${agent.description}` : ''}\n`,
    );
  }
  return 0;
}
