import { lookup } from 'node:dns/promises';
import { createWebhookUrlPolicy, type WebhookUrlPolicy } from '@baton/server';
import type { Problem } from '../nodes/node-kind.ts';
import { walkNodes } from '../nodes/node-kinds.ts';
import type { ChainDefinition } from './chain-definition.ts';

/** Options of {@link createChainAgentPolicy}. */
export interface ChainAgentPolicyOptions {
  /** The agents the orchestrator is configured with (base URLs): a registered chain may always call them. */
  readonly knownAgents: readonly string[];
  /**
   * URL prefixes of other agents a chain registered over the API may name (`BATON_CHAIN_AGENT_ALLOWLIST`); each
   * such URL must also pass the address policy. Default none: API chains call known agents only.
   */
  readonly allowlist?: readonly string[];
  /** What an allowed URL is checked against; default the webhook policy (no loopback, private or metadata address). */
  readonly addressPolicy?: WebhookUrlPolicy;
}

const base = (url: string) => url.replace(/\/+$/, '');

/**
 * The check a chain registered over the API passes: a task that names an `agent` URL names one the orchestrator
 * is configured with, or one under an allowlisted prefix whose address passes the same policy as webhook URLs (so
 * a posted chain cannot make the orchestrator call an internal address). Tasks that name a skill go to the
 * configured agents that offer it. Resolves with the problems, at their paths.
 */
export function createChainAgentPolicy(
  options: ChainAgentPolicyOptions,
): (chain: ChainDefinition) => Promise<Problem[]> {
  const known = new Set(options.knownAgents.map(base));
  const allowlist = options.allowlist ?? [];
  const policy =
    options.addressPolicy ??
    createWebhookUrlPolicy({
      resolveHost: async (host) => (await lookup(host, { all: true })).map((found) => found.address),
    });
  return async (chain) => {
    const problems: Problem[] = [];
    for (const { node, path } of walkNodes(chain)) {
      if (node.kind !== 'task' || node.agent === undefined || known.has(base(node.agent))) continue;
      const where = [...path, 'agent'];
      if (!allowlist.some((prefix) => node.agent?.startsWith(prefix))) {
        problems.push({
          path: where,
          message: `names an agent this orchestrator does not know (${node.agent}): name a skill its agents offer, or an agent it is configured with (AGENT_URLS, or BATON_CHAIN_AGENT_ALLOWLIST)`,
        });
        continue;
      }
      try {
        await policy.check(node.agent);
      } catch (error) {
        const why = (error instanceof Error ? error.message : String(error)).replace(
          /^.*? is not allowed: /,
          '',
        );
        problems.push({
          path: where,
          message: `names an agent at an address the orchestrator may not call: ${why}`,
        });
      }
    }
    return problems;
  };
}
