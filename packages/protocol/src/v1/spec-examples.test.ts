import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { TimestampSchema } from '../wire/proto-scalars.ts';
import {
  AgentCapabilitiesSchema,
  AgentCardSchema,
  AgentCardSignatureSchema,
  AgentInterfaceSchema,
  ArtifactSchema,
  CancelTaskRequestSchema,
  DeleteTaskPushNotificationConfigRequestSchema,
  GetTaskPushNotificationConfigRequestSchema,
  GetTaskRequestSchema,
  ListTaskPushNotificationConfigsRequestSchema,
  ListTasksRequestSchema,
  ListTasksResponseSchema,
  MessageSchema,
  PartSchema,
  SecuritySchemeSchema,
  SendMessageRequestSchema,
  SendMessageResponseSchema,
  StreamResponseSchema,
  SubscribeToTaskRequestSchema,
  TaskPushNotificationConfigSchema,
} from './index.ts';

const schemas: Record<string, z.ZodMiniType> = {
  AgentCapabilities: AgentCapabilitiesSchema,
  AgentCard: AgentCardSchema,
  AgentCardSignature: AgentCardSignatureSchema,
  AgentInterface: AgentInterfaceSchema,
  Artifact: ArtifactSchema,
  CancelTaskRequest: CancelTaskRequestSchema,
  DeleteTaskPushNotificationConfigRequest: DeleteTaskPushNotificationConfigRequestSchema,
  GetTaskPushNotificationConfigRequest: GetTaskPushNotificationConfigRequestSchema,
  GetTaskRequest: GetTaskRequestSchema,
  ListTaskPushNotificationConfigsRequest: ListTaskPushNotificationConfigsRequestSchema,
  ListTasksRequest: ListTasksRequestSchema,
  ListTasksResponse: ListTasksResponseSchema,
  Message: MessageSchema,
  Part: PartSchema,
  SecurityScheme: SecuritySchemeSchema,
  SendMessageRequest: SendMessageRequestSchema,
  SendMessageResponse: SendMessageResponseSchema,
  StreamResponse: StreamResponseSchema,
  SubscribeToTaskRequest: SubscribeToTaskRequestSchema,
  TaskPushNotificationConfig: TaskPushNotificationConfigSchema,
  Timestamp: TimestampSchema,
};

const ExampleSchema = z.object({ source: z.string(), schema: z.string(), json: z.unknown() });
const IncompleteExampleSchema = z.extend(ExampleSchema, {
  why: z.string(),
  issuePaths: z.array(z.array(z.union([z.string(), z.number()]))),
});

function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../test/fixtures/v1/${name}`, import.meta.url), 'utf8'));
}

function schemaFor(name: string): z.ZodMiniType {
  const schema = schemas[name];
  if (!schema) throw new Error(`no schema registered for ${name}`);
  return schema;
}

const complete = [
  ...z.array(ExampleSchema).parse(readFixture('spec-examples.json')),
  ...z.array(ExampleSchema).parse(readFixture('digest-examples.json')),
];
const incomplete = z.array(IncompleteExampleSchema).parse(readFixture('spec-incomplete-examples.json'));

describe('JSON examples from the spec and the digest', () => {
  it.each(complete.map((example) => [example.source, example] as const))(
    'parses %s unchanged',
    (_, example) => {
      const parsed = schemaFor(example.schema).parse(example.json);
      expect(parsed).toEqual(example.json);
      expect(schemaFor(example.schema).parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
    },
  );

  it.each(incomplete.map((example) => [example.source, example] as const))(
    'rejects %s, naming the fields it gets wrong',
    (_, example) => {
      const result = schemaFor(example.schema).safeParse(example.json);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual(example.issuePaths);
    },
  );
});

describe('the spec §8.5 sample agent card', () => {
  const card = z.record(z.string(), z.unknown()).parse(readFixture('spec-sample-agent-card.json'));

  it('parses, dropping only the stale top-level security field', () => {
    const { security, ...withoutSecurity } = card;
    expect(security).toEqual([{ google: ['openid', 'profile', 'email'] }]);
    expect(AgentCardSchema.parse(card)).toEqual(withoutSecurity);
  });

  it('round-trips through JSON.stringify', () => {
    const parsed = AgentCardSchema.parse(card);
    expect(AgentCardSchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });
});
