import { CHAIN_SKILLS, CHAIN_STEPS, type ChainStep } from '@baton/chain';
import {
  type A2AClient,
  type A2AClientOptions,
  type Credentials,
  clientOpenTelemetry,
  createA2AClient,
  resolveAgentCard,
} from '@baton/client';
import type { AgentCard } from '@baton/protocol';
import { ChainError, errorMessage } from '../run/chain-error.ts';

/** An agent found for a step of the chain. */
export interface ChainAgent {
  readonly name: string;
  readonly url: string;
  readonly client: A2AClient;
}

/** The agent of every step. */
export type ChainAgents = Readonly<Record<ChainStep, ChainAgent>>;

/** Finds the agent of each step among the configured URLs, by skill id. */
export interface AgentDirectory {
  /** The configured base URLs. */
  readonly urls: readonly string[];
  /** Reads the cards not read yet and picks an agent per step; throws a NO_AGENT ChainError naming what is missing. */
  resolve(signal?: AbortSignal): Promise<ChainAgents>;
  /** Reads every configured agent's card now: what it offers, or why it cannot be reached. */
  inspect(timeoutMs?: number): Promise<readonly AgentStatus[]>;
  /**
   * The agent for one step of a chain: the first configured agent whose card offers `skill`, or the agent at
   * `agent` (which need not be configured). Throws a NO_AGENT ChainError naming the step and what is missing.
   */
  agentFor(
    target: {
      readonly step: string;
      readonly skill?: string | undefined;
      readonly agent?: string | undefined;
    },
    signal?: AbortSignal,
  ): Promise<ChainAgent>;
}

/** A configured agent as it is now. */
export type AgentStatus =
  | {
      readonly url: string;
      readonly reachable: true;
      readonly card: AgentCard;
      /** The form the card came in (1.0, 0.3 or hybrid). */
      readonly shape: string;
      /** The chain steps it can do, by skill id. */
      readonly steps: readonly ChainStep[];
    }
  | { readonly url: string; readonly reachable: false; readonly error: string };

/** Options of {@link createAgentDirectory}. */
export interface AgentDirectoryOptions {
  readonly urls: readonly string[];
  /** Extra client options (fetch, timeouts, retries) for every agent. */
  readonly client?: Omit<A2AClientOptions, 'agent' | 'signal'>;
  /**
   * Credentials for one agent, by its card (the names of its security schemes differ from agent to agent): added
   * to `client.credentials`. The card is read first, then the client made with it.
   */
  readonly credentialsFor?: (card: AgentCard) => Credentials | undefined;
}

/**
 * Creates an {@link AgentDirectory}. Cards that were read are kept; unreachable URLs are tried again on the
 * next `resolve`, so agents that start after the orchestrator are found by the next run.
 */
export function createAgentDirectory(options: AgentDirectoryOptions): AgentDirectory {
  const known = new Map<string, ChainAgent>();

  async function discover(url: string, signal: AbortSignal | undefined): Promise<string | undefined> {
    if (known.has(url)) return undefined;
    try {
      let agent: string | AgentCard = url;
      let credentials = options.client?.credentials;
      if (options.credentialsFor) {
        agent = (
          await resolveAgentCard(url, {
            ...(options.client?.fetch ? { fetch: options.client.fetch } : {}),
            ...(signal === undefined ? {} : { signal }),
          })
        ).card;
        credentials = { ...credentials, ...options.credentialsFor(agent) };
      }
      const client = await createA2AClient({
        timeoutMs: 10_000,
        retry: { retrySend: true },
        // Each agent call is a CLIENT span of the run's trace when an OpenTelemetry SDK is registered.
        telemetry: clientOpenTelemetry(),
        ...options.client,
        ...(credentials === undefined ? {} : { credentials }),
        agent,
        ...(signal === undefined ? {} : { signal }),
      });
      known.set(url, { name: client.card.name, url, client });
      return undefined;
    } catch (error) {
      return `${url} (${errorMessage(error)})`;
    }
  }

  async function inspectOne(url: string, timeoutMs: number): Promise<AgentStatus> {
    try {
      const resolved = await resolveAgentCard(url, {
        ...(options.client?.fetch ? { fetch: options.client.fetch } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const skills = new Set(resolved.card.skills.map((skill) => skill.id));
      const steps = CHAIN_STEPS.filter((step) => skills.has(CHAIN_SKILLS[step]));
      return { url, reachable: true, card: resolved.card, shape: resolved.shape, steps };
    } catch (error) {
      return { url, reachable: false, error: errorMessage(error) };
    }
  }

  const agentFor: AgentDirectory['agentFor'] = async (target, signal) => {
    if (target.agent !== undefined) {
      const url = target.agent.replace(/\/+$/, '');
      const why = await discover(url, signal);
      const found = known.get(url);
      if (found) return found;
      throw new ChainError(
        'NO_AGENT',
        `No agent for the ${target.step} step: could not reach ${why ?? url}`,
        {
          step: target.step,
        },
      );
    }
    const unreachable = (await Promise.all(options.urls.map((url) => discover(url, signal)))).filter(
      (reason): reason is string => reason !== undefined,
    );
    const found = options.urls
      .map((url) => known.get(url))
      .find((candidate) => candidate?.client.card.skills.some((skill) => skill.id === target.skill));
    if (found) return found;
    const why =
      unreachable.length > 0
        ? `could not reach ${unreachable.join(', ')}`
        : `none of ${options.urls.join(', ')} offers it`;
    throw new ChainError('NO_AGENT', `No agent for the ${target.step} step (skill ${target.skill}): ${why}`, {
      step: target.step,
    });
  };

  return {
    urls: options.urls,
    agentFor,
    inspect: (timeoutMs = 3_000) => Promise.all(options.urls.map((url) => inspectOne(url, timeoutMs))),
    async resolve(signal) {
      const found: Partial<Record<ChainStep, ChainAgent>> = {};
      for (const step of CHAIN_STEPS)
        found[step] = await agentFor({ step, skill: CHAIN_SKILLS[step] }, signal);
      return found as ChainAgents;
    },
  };
}

/** Resolves the directory, trying again every `delayMs` until `timeoutMs` has passed (agents still starting). */
export async function waitForAgents(
  directory: AgentDirectory,
  options: {
    readonly timeoutMs: number;
    readonly delayMs: number;
    readonly onRetry?: (error: Error) => void;
  },
): Promise<ChainAgents> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    try {
      return await directory.resolve();
    } catch (error) {
      if (Date.now() + options.delayMs > deadline || !(error instanceof Error)) throw error;
      options.onRetry?.(error);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    }
  }
}
