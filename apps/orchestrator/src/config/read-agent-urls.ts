import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** The orchestrator's config file: the base URLs of the agents it discovers. */
export const OrchestratorConfigSchema = z.object({
  agents: z.array(z.url({ protocol: /^https?$/ })).min(1),
});
/** The orchestrator's config file. */
export type OrchestratorConfig = z.infer<typeof OrchestratorConfigSchema>;

/** Where the agent URLs come from: the command line and the environment. */
export interface AgentUrlSources {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
}

function configPathOf(sources: AgentUrlSources): string | undefined {
  const index = sources.argv.indexOf('--config');
  if (index >= 0) {
    const path = sources.argv[index + 1];
    if (path === undefined) throw new Error('--config needs a path');
    return path;
  }
  const inline = sources.argv.find((arg) => arg.startsWith('--config='));
  return inline?.slice('--config='.length) ?? sources.env.ORCHESTRATOR_CONFIG;
}

/**
 * Reads the agents' base URLs: `AGENT_URLS` (comma-separated) wins, then `--config path`, then
 * `ORCHESTRATOR_CONFIG`, then `fallbackConfig` (the shipped `agents.local.json`).
 */
export async function readAgentUrls(sources: AgentUrlSources, fallbackConfig: string): Promise<string[]> {
  const listed = sources.env.AGENT_URLS;
  if (listed !== undefined && listed.trim() !== '') {
    const urls = listed
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
    return OrchestratorConfigSchema.parse({ agents: urls }).agents;
  }
  const path = configPathOf(sources) ?? fallbackConfig;
  const parsed = OrchestratorConfigSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path} is not a valid config: ${z.prettifyError(parsed.error)}`);
  return parsed.data.agents;
}
