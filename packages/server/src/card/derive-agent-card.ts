import {
  type AgentCard,
  AgentCardSchema,
  type AgentExtension,
  type AgentInterface,
  fromZodError,
  SKILL_SELECTION_EXTENSION,
  TASK_GENERATION_EXTENSION,
} from '@baton/protocol';
import type { AgentCardInput, ServedSurface } from './agent-card-input.ts';

/**
 * The interfaces the server serves under `baseUrl`, JSON-RPC before HTTP+JSON, newest version first, then gRPC
 * (1.0) when it listens.
 */
export function servedInterfaces(baseUrl: string, served: ServedSurface): AgentInterface[] {
  const base = baseUrl.replace(/\/+$/, '');
  const grpcUrl = served.versions.includes('1.0') ? served.grpcUrl?.(base) : undefined;
  const grpc: AgentInterface[] =
    grpcUrl === undefined
      ? []
      : [
          {
            url: grpcUrl,
            protocolBinding: 'GRPC',
            protocolVersion: '1.0',
            ...(served.tenant ? { tenant: served.tenant } : {}),
          },
        ];
  const bindings: Array<[AgentInterface['protocolBinding'], string | undefined]> = [
    ['JSONRPC', served.jsonRpcPath],
    ['HTTP+JSON', served.restPath],
  ];
  const http = served.versions.flatMap((protocolVersion) =>
    bindings.flatMap(([protocolBinding, path]) =>
      path === undefined
        ? []
        : [
            {
              url: `${base}${path === '/' ? '' : path}`,
              protocolBinding,
              protocolVersion,
              ...(served.tenant ? { tenant: served.tenant } : {}),
            },
          ],
    ),
  );
  return [...http, ...grpc];
}

/**
 * Checks that what the author stated about interfaces and capabilities is what the server serves; throws an
 * Error listing every mismatch, so a card that claims something the server does not serve fails at startup.
 */
export function assertCardMatchesServer(input: AgentCardInput, served: ServedSurface): void {
  const problems: string[] = [];
  const claimed = input.capabilities;
  const actual = {
    streaming: served.streaming,
    pushNotifications: served.pushNotifications,
    extendedAgentCard: served.extendedAgentCard,
  };
  for (const [name, value] of Object.entries(actual)) {
    const stated = claimed?.[name as keyof typeof actual];
    if (stated !== undefined && stated !== value) {
      problems.push(
        `capabilities.${name} is ${stated} but the server ${value ? 'supports' : 'does not support'} it`,
      );
    }
  }
  for (const [index, entry] of (input.supportedInterfaces ?? []).entries()) {
    if (entry.protocolBinding === 'GRPC') {
      if (!served.grpcUrl) problems.push(`supportedInterfaces[${index}]: the server does not serve GRPC`);
      else if (entry.protocolVersion !== '1.0')
        problems.push(`supportedInterfaces[${index}]: gRPC is served for protocol version 1.0 only`);
      continue;
    }
    const path =
      entry.protocolBinding === 'JSONRPC'
        ? served.jsonRpcPath
        : entry.protocolBinding === 'HTTP+JSON'
          ? served.restPath
          : undefined;
    if (path === undefined)
      problems.push(`supportedInterfaces[${index}]: the server does not serve ${entry.protocolBinding}`);
    if (!served.versions.includes(entry.protocolVersion as ServedSurface['versions'][number])) {
      problems.push(
        `supportedInterfaces[${index}]: the server does not serve protocol version ${entry.protocolVersion}`,
      );
    }
    if (
      path !== undefined &&
      !new URL(entry.url, 'http://base.invalid').pathname.endsWith(path === '/' ? '' : path)
    ) {
      problems.push(
        `supportedInterfaces[${index}]: ${entry.url} is not where the server serves ${entry.protocolBinding} (${path})`,
      );
    }
  }
  if (served.jsonRpcPath === undefined && served.restPath === undefined)
    problems.push('the server serves no binding');
  if (problems.length > 0)
    throw new Error(`The agent card does not match the server:\n- ${problems.join('\n- ')}`);
}

/**
 * What the server itself implements beyond 1.0.1, declared on every card so callers can activate it: the A2A 1.1
 * draft's task generation (`TASK_GENERATION_EXTENSION`) and client-directed skill selection
 * (`SKILL_SELECTION_EXTENSION`).
 */
const SERVER_EXTENSIONS: readonly AgentExtension[] = [
  {
    uri: TASK_GENERATION_EXTENSION,
    description:
      'A2A 1.1 draft (PR 1810): task generation. Activated, tasks and update events carry `generation`; ' +
      '`ifGenerationMatch` and `currentGeneration` are honoured. Stream events carry it as their SSE id, and ' +
      'SubscribeToTask with Last-Event-ID replays the events after it.',
  },
  {
    uri: SKILL_SELECTION_EXTENSION,
    description:
      'Client-directed skill selection (the A2A 1.1 epic, issue 1989): a send may name a skill in ' +
      '`configuration.skillId`; it runs that skill, after its security requirements are checked. An unknown ' +
      'skill is refused.',
  },
];

/** Builds the full 1.0 card for `baseUrl` from the author's input and what the server serves; validates it. */
export function deriveAgentCard(input: AgentCardInput, served: ServedSurface, baseUrl: string): AgentCard {
  const {
    extensions: declared,
    supportedInterfaces: _stated,
    capabilities: _claimed,
    ...descriptive
  } = input;
  const extensions = [
    ...(declared ?? []),
    ...SERVER_EXTENSIONS.filter((extension) => !declared?.some((entry) => entry.uri === extension.uri)),
  ];
  const card = {
    ...descriptive,
    supportedInterfaces: servedInterfaces(baseUrl, served),
    capabilities: {
      streaming: served.streaming,
      pushNotifications: served.pushNotifications,
      extendedAgentCard: served.extendedAgentCard,
      ...(extensions && extensions.length > 0 ? { extensions: [...extensions] } : {}),
    },
    defaultInputModes: [...(input.defaultInputModes ?? ['text/plain'])],
    defaultOutputModes: [...(input.defaultOutputModes ?? ['text/plain'])],
  };
  const result = AgentCardSchema.safeParse(card);
  if (!result.success)
    throw new Error(
      `The agent card is invalid: ${fromZodError(result.error).message.replace(/^Invalid parameters: /, '')}`,
    );
  return result.data;
}
