/**
 * fast-check arbitraries for the parts of A2A requests: text, JSON, message parts and messages (well-formed for
 * each version, and almost right), send and task params, and the headers a request carries. Known task ids are
 * mixed in so that the real task paths (not just validation) are reached.
 */
import fc from 'fast-check';

export const text = fc.oneof(fc.constantFrom('task', 'ask', 'hello', ''), fc.string({ maxLength: 10 }));
export const json = fc.jsonValue({ maxDepth: 2 });
export const anyValue = fc.oneof(
  { arbitrary: json, weight: 3 },
  { arbitrary: fc.anything({ maxDepth: 1 }), weight: 1 },
);

/** A task id: one of `known`, or something else. */
export function taskIds(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...known), fc.constantFrom('nope', '', ' ', 'a/b', '%2F', '..'), text);
}

const part = fc.oneof(
  fc.record({ text }),
  fc.record({ kind: fc.constant('text'), text }),
  fc.record({ data: json }),
  fc.record({ kind: fc.constant('data'), data: json }),
  fc.record({ url: fc.oneof(fc.webUrl(), text), mediaType: fc.constantFrom('text/plain', 'image/png', '') }),
  fc.record({ raw: fc.oneof(fc.base64String({ maxLength: 12 }), text) }),
  fc.record({
    kind: fc.constant('file'),
    file: fc.record({ uri: fc.webUrl(), bytes: text, mimeType: text, name: text }, { requiredKeys: [] }),
  }),
  fc.record({ text: json, data: json, url: json, raw: json, kind: json }, { requiredKeys: [] }),
  json,
);

const message = (ids: fc.Arbitrary<string>) =>
  fc.record(
    {
      kind: fc.constantFrom('message', 'task', 'x'),
      messageId: fc.oneof(text, json),
      role: fc.constantFrom('ROLE_USER', 'ROLE_AGENT', 'user', 'agent', 'ROLE_UNSPECIFIED', 'x', 1),
      parts: fc.oneof(
        { arbitrary: fc.array(part, { maxLength: 3 }), weight: 4 },
        { arbitrary: json, weight: 1 },
      ),
      content: fc.array(part, { maxLength: 2 }),
      contextId: fc.oneof(text, fc.constant('ctx-known')),
      taskId: ids,
      referenceTaskIds: fc.oneof(fc.array(ids, { maxLength: 2 }), json),
      metadata,
      extensions: fc.oneof(fc.array(text, { maxLength: 2 }), json),
    },
    { requiredKeys: [] },
  );

const metadata = fc.oneof(
  { arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 2 }), weight: 3 },
  { arbitrary: json, weight: 1 },
);

const historyLength = fc.oneof(fc.integer({ min: -3, max: 5 }), fc.double(), json);

export const sendParams = (ids: fc.Arbitrary<string>) =>
  fc.record(
    {
      message: fc.oneof({ arbitrary: message(ids), weight: 5 }, { arbitrary: json, weight: 1 }),
      configuration: fc.record(
        {
          returnImmediately: fc.oneof(fc.boolean(), json),
          blocking: fc.oneof(fc.boolean(), json),
          historyLength,
          acceptedOutputModes: fc.oneof(fc.array(text, { maxLength: 2 }), json),
          taskPushNotificationConfig: json,
          pushNotificationConfig: json,
        },
        { requiredKeys: [] },
      ),
      metadata,
      tenant: text,
    },
    { requiredKeys: ['message'] },
  );

export const taskParams = (ids: fc.Arbitrary<string>) =>
  fc.record(
    {
      id: fc.oneof({ arbitrary: ids, weight: 4 }, { arbitrary: json, weight: 1 }),
      taskId: ids,
      historyLength,
      name: text,
      pushNotificationConfigId: text,
      contextId: fc.oneof(text, fc.constant('ctx-known')),
      pageSize: fc.oneof(fc.integer({ min: -2, max: 200 }), json),
      pageToken: text,
      status: fc.constantFrom('TASK_STATE_COMPLETED', 'TASK_STATE_WORKING', 'completed', 'x', ''),
      includeArtifacts: fc.oneof(fc.boolean(), json),
      tenant: text,
      url: fc.webUrl(),
    },
    { requiredKeys: ['id'] },
  );

const commandText = fc.oneof(
  { arbitrary: fc.constantFrom('task', 'ask', 'hello'), weight: 4 },
  { arbitrary: text, weight: 1 },
);
export const dictionary = fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 2 });

const v1Part = fc.oneof(
  { arbitrary: fc.record({ text: commandText }), weight: 4 },
  fc.record({ data: dictionary }),
  fc.record({ url: fc.webUrl(), mediaType: fc.constantFrom('text/plain', 'image/png') }),
  fc.record({ raw: fc.base64String({ maxLength: 12 }), filename: text }),
);

const v03Part = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('text'), text: commandText }), weight: 4 },
  fc.record({ kind: fc.constant('data'), data: dictionary }),
  fc.record({
    kind: fc.constant('file'),
    file: fc.record({ uri: fc.webUrl(), mimeType: fc.constant('text/plain') }),
  }),
  fc.record({ kind: fc.constant('file'), file: fc.record({ bytes: fc.base64String({ maxLength: 12 }) }) }),
);

/** A well-formed message of `version`, sometimes on a known task or in the known context. */
export function validMessage(version: '1.0' | '0.3', ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const common = {
    messageId: fc.uuid(),
    contextId: fc.constantFrom('ctx-known', 'ctx-other'),
    taskId: ids,
    referenceTaskIds: fc.array(ids, { maxLength: 2 }),
    metadata: dictionary,
  };
  const requiredKeys: ('messageId' | 'role' | 'parts')[] = ['messageId', 'role', 'parts'];
  if (version === '1.0') {
    const parts = fc.array(v1Part, { minLength: 1, maxLength: 3 });
    return fc.record({ ...common, role: fc.constant('ROLE_USER'), parts }, { requiredKeys });
  }
  const parts = fc.array(v03Part, { minLength: 1, maxLength: 3 });
  return fc.record(
    { ...common, kind: fc.constant('message'), role: fc.constant('user'), parts },
    { requiredKeys: [...requiredKeys, 'kind'] },
  );
}

/** `A2A-Version` as a header, left out, or odd. */
export const versionHeader = fc.oneof(
  { arbitrary: fc.constantFrom('1.0', undefined), weight: 6 },
  { arbitrary: fc.constantFrom('0.3', '1.0.1', '1', '2.0', '0.2', 'x', ' 1.0 ', ''), weight: 1 },
);

export const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 16 },
  { arbitrary: fc.constantFrom('application/a2a+json', 'application/json; charset=utf-8'), weight: 2 },
  { arbitrary: fc.constantFrom('text/plain', 'x/y', undefined, ''), weight: 1 },
);
