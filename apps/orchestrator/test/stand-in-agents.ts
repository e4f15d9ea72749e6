import {
  assembleDocument,
  CHAIN_SKILLS,
  type ChainStep,
  contractPart,
  DocumentSchema,
  OutlineSchema,
  readContract,
} from '@baton/chain';
import type { JsonValue } from '@baton/protocol';
import {
  type AgentCardInput,
  type AgentExecutor,
  createA2AServer,
  createAuthenticator,
  messageText,
  oauthAccessToken,
} from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';

/** How a stand-in agent behaves. */
export interface StandInOptions {
  /** The document agent waits this long per section (and honours cancel meanwhile). */
  readonly sectionDelayMs?: number;
  /** The document agent hands on a document that breaks the contract. */
  readonly invalidDocument?: boolean;
  /**
   * Callers need an OAuth access token from this authorization server (for `audience`): the card declares it as a
   * scheme named after the step (`outline-sso`…), as agents of different teams name theirs differently.
   */
  readonly oauth?: { readonly issuer: string; readonly audience: string };
}

const silentLogger = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

/** Waits `ms`, rejecting when `signal` fires (an agent's work that honours cancel). */
export const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

const executors = (options: StandInOptions): Record<ChainStep, AgentExecutor> => ({
  outline: async (ctx) => {
    const topic =
      ctx.text.trim() || messageText(await ctx.requestInput('What topic should the outline cover?'));
    const outline = {
      title: `${topic}: an overview`,
      topic,
      sections: [
        { heading: 'Origins', points: [`Where ${topic} began`] },
        { heading: 'Today', points: [`${topic} now`] },
      ],
    };
    await ctx.addArtifact({ name: 'outline', parts: [contractPart(outline)] });
  },
  document: async (ctx) => {
    const outline = readContract(ctx.message, OutlineSchema, 'outline');
    await ctx.working('Writing');
    const artifact = ctx.streamArtifact({ name: 'document' });
    const sections = [];
    for (const section of outline.sections) {
      await wait(options.sectionDelayMs ?? 0, ctx.signal);
      const markdown = `${section.points.join('. ')}.`;
      sections.push({ heading: section.heading, markdown });
      await artifact.write(`## ${section.heading}\n\n${markdown}\n\n`);
    }
    const document = assembleDocument(outline.title, sections);
    await artifact.end(
      contractPart((options.invalidDocument ? { ...document, sections: [] } : document) as JsonValue),
    );
  },
  summary: async (ctx) => {
    const document = readContract(ctx.message, DocumentSchema, 'document');
    const summary = {
      title: document.title,
      summary: `A short look at ${document.title}.`,
      keyPoints: document.sections.map((section) => section.heading),
      sourceWordCount: document.wordCount,
      summaryWordCount: 6,
    };
    await ctx.addArtifact({ name: 'summary', parts: [{ text: summary.summary }, contractPart(summary)] });
  },
});

/** The skill each stand-in's sends named (`ctx.skillId`), in the order they came: what the orchestrator asked for. */
export const namedSkills: (string | undefined)[] = [];

/** Starts a stand-in agent for a step on 127.0.0.1 port 0, speaking the real A2A wire protocol. */
export function startStandIn(step: ChainStep, options: StandInOptions = {}): Promise<RunningA2AServer> {
  const executor = executors(options)[step];
  const scheme = `${step}-sso`;
  const card: AgentCardInput = {
    name: `Stand-in ${step} agent`,
    description: `Does the ${step} step for tests`,
    version: '0.0.0',
    skills: [{ id: CHAIN_SKILLS[step], name: step, description: `The ${step} step`, tags: ['test'] }],
    ...(options.oauth
      ? {
          securitySchemes: {
            [scheme]: {
              oauth2SecurityScheme: {
                oauth2MetadataUrl: `${options.oauth.issuer}/.well-known/openid-configuration`,
                flows: { clientCredentials: { tokenUrl: `${options.oauth.issuer}/token`, scopes: {} } },
              },
            },
          },
          securityRequirements: [{ schemes: { [scheme]: { list: [] } } }],
        }
      : {}),
  };
  const server = createA2AServer({
    card,
    ...(options.oauth
      ? {
          auth: createAuthenticator({
            card,
            schemes: {
              [scheme]: oauthAccessToken({
                issuer: options.oauth.issuer,
                audience: options.oauth.audience,
                toUser: (payload) => ({ id: String(payload.sub) }),
              }),
            },
          }),
        }
      : {}),
    executor: (ctx) => {
      namedSkills.push(ctx.skillId);
      return executor(ctx);
    },
    logger: silentLogger,
  });
  return startA2AServer(server, { shutdownDeadlineMs: 100 });
}
