/**
 * One logical task, its direct-reply message and its stream, written once per wire form and parsed through
 * Baton's schemas (so each is in Baton's canonical output form): A2A 1.0 ProtoJSON, 0.3 JSON-RPC (types.ts) and
 * 0.3 REST (0.3 ProtoJSON). The loopback server in `sdk-clients-accept-baton-responses.test.ts` serves them.
 */
import { AgentCardSchema, MessageSchema, StreamResponseSchema, TaskSchema } from '../../src/index.ts';
import * as v03 from '../../src/v03/index.ts';
import { ARTIFACT_ID, FILE_BYTES, FILE_URL, TIMESTAMP } from './sdk-server.ts';

export const TASK_ID = 'baton-task-1';
export const CONTEXT_ID = 'baton-context-1';
const ids = { taskId: TASK_ID, contextId: CONTEXT_ID };
const metadata = { source: 'baton' };
const data = { sections: 3, tags: ['green', 'black'] };

/** A2A 1.0. */
const v1Parts = [
  { text: '# Tea' },
  { data },
  { raw: FILE_BYTES, filename: 'hello.txt', mediaType: 'text/plain' },
  { url: FILE_URL, filename: 'report.pdf', mediaType: 'application/pdf' },
];
const v1Status = (state: string) => ({ state: `TASK_STATE_${state}`, timestamp: TIMESTAMP });
const v1User = { messageId: 'user-1', role: 'ROLE_USER', parts: [{ text: 'Outline tea' }], ...ids };
const v1Artifact = (parts: object[]) => ({ artifactId: ARTIFACT_ID, name: 'Outline', parts });

export const V1 = {
  task: TaskSchema.parse({
    id: TASK_ID,
    contextId: CONTEXT_ID,
    status: v1Status('COMPLETED'),
    artifacts: [v1Artifact(v1Parts)],
    history: [v1User],
    metadata,
  }),
  message: MessageSchema.parse({
    messageId: 'reply-1',
    role: 'ROLE_AGENT',
    parts: [{ text: 'Hi' }],
    contextId: CONTEXT_ID,
  }),
  stream: [
    { task: { id: TASK_ID, contextId: CONTEXT_ID, status: v1Status('SUBMITTED'), history: [v1User] } },
    { statusUpdate: { ...ids, status: v1Status('WORKING') } },
    { artifactUpdate: { ...ids, artifact: v1Artifact(v1Parts.slice(0, 2)) } }, // append, lastChunk: false
    { artifactUpdate: { ...ids, artifact: v1Artifact(v1Parts.slice(2)), append: true, lastChunk: true } },
    { statusUpdate: { ...ids, status: v1Status('COMPLETED') } },
  ].map((event) => StreamResponseSchema.parse(event)),
};

/** A2A 0.3 JSON-RPC: `kind` everywhere, lower-case states, files under `file`, `final` on status updates. */
const v03Parts = [
  { kind: 'text', text: '# Tea' },
  { kind: 'data', data },
  { kind: 'file', file: { bytes: FILE_BYTES, name: 'hello.txt', mimeType: 'text/plain' } },
  { kind: 'file', file: { uri: FILE_URL, name: 'report.pdf', mimeType: 'application/pdf' } },
];
const v03User = {
  kind: 'message',
  messageId: 'user-1',
  role: 'user',
  parts: [{ kind: 'text', text: 'Outline tea' }],
  ...ids,
};
const v03Status = (state: string) => ({ state, timestamp: TIMESTAMP });
const v03Artifact = (parts: object[]) => ({ artifactId: ARTIFACT_ID, name: 'Outline', parts });

export const V03 = {
  task: v03.TaskSchema.parse({
    kind: 'task',
    id: TASK_ID,
    contextId: CONTEXT_ID,
    status: v03Status('completed'),
    artifacts: [v03Artifact(v03Parts)],
    history: [v03User],
    metadata,
  }),
  message: v03.MessageSchema.parse({
    kind: 'message',
    messageId: 'reply-1',
    role: 'agent',
    parts: [{ kind: 'text', text: 'Hi' }],
    contextId: CONTEXT_ID,
  }),
  stream: [
    { kind: 'task', id: TASK_ID, contextId: CONTEXT_ID, status: v03Status('submitted'), history: [v03User] },
    { kind: 'status-update', ...ids, status: v03Status('working'), final: false },
    {
      kind: 'artifact-update',
      ...ids,
      artifact: v03Artifact(v03Parts.slice(0, 2)),
      append: false,
      lastChunk: false,
    },
    {
      kind: 'artifact-update',
      ...ids,
      artifact: v03Artifact(v03Parts.slice(2)),
      append: true,
      lastChunk: true,
    },
    { kind: 'status-update', ...ids, status: v03Status('completed'), final: true },
  ].map((event) => v03.StreamEventSchema.parse(event)),
};

/** A2A 0.3 REST (0.3 ProtoJSON): parts in `content`, oneof wrappers, `TASK_STATE_*`; the 0.3 proto has no file name. */
const restParts = [
  { text: '# Tea' },
  { data: { data } },
  { file: { fileWithBytes: FILE_BYTES, mimeType: 'text/plain' } },
  { file: { fileWithUri: FILE_URL, mimeType: 'application/pdf' } },
];
const restUser = { messageId: 'user-1', role: 'ROLE_USER', content: [{ text: 'Outline tea' }], ...ids };

export const V03_REST = {
  task: v03.rest.TaskSchema.parse({
    id: TASK_ID,
    contextId: CONTEXT_ID,
    status: v1Status('COMPLETED'),
    artifacts: [v1Artifact(restParts)],
    history: [restUser],
    metadata,
  }),
  message: v03.rest.MessageSchema.parse({
    messageId: 'reply-1',
    role: 'ROLE_AGENT',
    content: [{ text: 'Hi' }],
    contextId: CONTEXT_ID,
  }),
  stream: [
    { task: { id: TASK_ID, contextId: CONTEXT_ID, status: v1Status('SUBMITTED'), history: [restUser] } },
    { statusUpdate: { ...ids, status: v1Status('WORKING'), final: false } },
    {
      artifactUpdate: {
        ...ids,
        artifact: v1Artifact(restParts.slice(0, 2)),
        append: false,
        lastChunk: false,
      },
    },
    { artifactUpdate: { ...ids, artifact: v1Artifact(restParts.slice(2)), append: true, lastChunk: true } },
    { statusUpdate: { ...ids, status: v1Status('COMPLETED'), final: true } },
  ].map((event) => v03.rest.StreamResponseSchema.parse(event)),
};

const skill = { id: 'outline', name: 'Outline', description: 'Outlines a topic', tags: ['writing'] };

/** A 1.0 card for the loopback server at `base`, with a security scheme of each kind. */
export function cardV1(base: string) {
  return AgentCardSchema.parse({
    name: 'Baton loopback',
    description: 'Answers with Baton-built payloads',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    provider: { organization: 'Baton', url: 'https://baton.example' },
    capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: false },
    securitySchemes: {
      bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
      key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
      oauth: {
        oauth2SecurityScheme: {
          flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'Read' } } },
        },
      },
      oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://auth.example/.well-known/openid' } },
      mtls: { mtlsSecurityScheme: { description: 'client certificate' } },
    },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }, { schemes: { oauth: { list: ['read'] } } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'application/pdf'],
    skills: [skill],
  });
}

/** The same agent's 0.3 card (JSON-RPC preferred, HTTP+JSON as an additional interface). */
export function cardV03(base: string) {
  return v03.AgentCardSchema.parse({
    protocolVersion: '0.3.0',
    name: 'Baton loopback',
    description: 'Answers with Baton-built payloads',
    url: `${base}/a2a/jsonrpc`,
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [
      { url: `${base}/a2a/jsonrpc`, transport: 'JSONRPC' },
      { url: `${base}/a2a/rest`, transport: 'HTTP+JSON' },
    ],
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: true },
    securitySchemes: { bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' } },
    security: [{ bearer: [] }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'application/pdf'],
    skills: [skill],
  });
}
