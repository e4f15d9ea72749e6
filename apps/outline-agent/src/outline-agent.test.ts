import {
  CHAIN_SKILLS,
  createLlmGenerators,
  createOfflineOutlineGenerator,
  instructionPart,
  OutlineSchema,
} from '@baton/chain';
import { startOpenAiStandIn } from '@baton/chain/testing';
import {
  type A2AClient,
  createA2AClient,
  dataPart,
  firstDataPart,
  textPart,
  userMessage,
} from '@baton/client';
import { isA2AError, type SendMessageResponse, type Task } from '@baton/protocol';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutlineAgent, TOPIC_QUESTION } from './outline-agent.ts';

const generator = createOfflineOutlineGenerator();

function taskOf(response: SendMessageResponse): Task {
  if (!('task' in response) || response.task === undefined) throw new Error('expected a task');
  return response.task;
}

describe('the outline agent', () => {
  let running: RunningA2AServer;
  let client: A2AClient;
  beforeAll(async () => {
    running = await startA2AServer(createOutlineAgent({ generator }), { port: 0 });
    client = await createA2AClient({ agent: running.url });
  });
  afterAll(() => running.close());

  it('advertises the outline skill the orchestrator looks for', () => {
    expect(client.card.skills.map((skill) => skill.id)).toEqual([CHAIN_SKILLS.outline]);
    expect(client.card.defaultInputModes).toEqual(['text/plain', 'application/json']);
  });

  it('turns a topic into an outline artifact that parses as an Outline', async () => {
    const task = taskOf(await client.sendMessage('The history of tea'));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.map((artifact) => artifact.name)).toEqual(['outline']);
    const outline = OutlineSchema.parse(firstDataPart(task, 'outline')?.data);
    expect(outline.topic).toBe('The history of tea');
    expect(outline.sections.length).toBeGreaterThan(0);
  });

  it.each([1, 5])('writes the %i sections the options ask for, for the audience given', async (count) => {
    const message = userMessage([textPart('Coffee'), dataPart({ sections: count, audience: 'students' })]);
    const task = taskOf(await client.sendMessage({ message }));
    const outline = OutlineSchema.parse(firstDataPart(task, 'outline')?.data);
    expect(outline.sections).toHaveLength(count);
    expect(outline.audience).toBe('students');
  });

  it('writes as many sections as its source has facts for, not padding up to the count asked', async () => {
    const message = userMessage([textPart('Coffee'), dataPart({ sections: 12 })]);
    const task = taskOf(await client.sendMessage({ message }));
    const outline = OutlineSchema.parse(firstDataPart(task, 'outline')?.data);
    expect(outline.sections.length).toBeGreaterThanOrEqual(6);
    expect(outline.sections.length).toBeLessThan(12);
  });

  it('follows a marked instruction on refinement, keeping it out of the topic', async () => {
    const first = taskOf(await client.sendMessage('Solar panels'));
    const before = OutlineSchema.parse(firstDataPart(first, 'outline')?.data);
    const message = userMessage(
      [textPart('Solar panels'), instructionPart('Make it shorter, for homeowners')],
      { ...(first.contextId ? { contextId: first.contextId } : {}), referenceTaskIds: [first.id] },
    );
    const refined = taskOf(await client.sendMessage({ message }));
    const after = OutlineSchema.parse(firstDataPart(refined, 'outline')?.data);
    expect(refined.id).not.toBe(first.id);
    expect(after.topic).toBe('Solar panels');
    expect(after.audience).toBe('homeowners');
    const points = (outline: typeof before) => outline.sections.flatMap((section) => section.points).length;
    expect(points(after)).toBeLessThan(points(before));
    expect(refined.history?.[0]?.referenceTaskIds).toEqual([first.id]);
  });

  it('refuses invalid options with InvalidParams naming the field', async () => {
    const message = userMessage([textPart('Solar panels'), dataPart({ sections: 40 })]);
    const error = await client.sendMessage({ message }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
    expect(error).toHaveProperty(
      'message',
      expect.stringMatching(/^The options DataPart is invalid: sections: /),
    );
  });

  it('asks for the topic when none is given, then finishes the same task with the answer', async () => {
    const asked = taskOf(await client.sendMessage('   '));
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(asked.status.message?.parts).toEqual([{ text: TOPIC_QUESTION }]);

    const answered = taskOf(await client.sendMessage('Volcanoes', { taskId: asked.id }));
    expect(answered.id).toBe(asked.id);
    expect(answered.status.state).toBe('TASK_STATE_COMPLETED');
    expect(OutlineSchema.parse(firstDataPart(answered, 'outline')?.data).topic).toBe('Volcanoes');
  });
});

describe('the outline agent on a model that fails', () => {
  it('fails the task with the cause in words, and shows that it waits for the model meanwhile', async () => {
    const standIn = await startOpenAiStandIn([
      { status: 503, message: 'The model is loading', headers: { 'retry-after': '1' } },
      { status: 500, message: 'The model crashed', headers: { 'retry-after-ms': '10' } },
      { status: 500, message: 'The model crashed', headers: { 'retry-after-ms': '10' } },
    ]);
    const { outline } = createLlmGenerators({
      baseURL: standIn.baseURL,
      apiKey: 'sk-not-shown-1234',
      model: 'm',
    });
    const running = await startA2AServer(createOutlineAgent({ generator: outline }), { port: 0 });
    try {
      const client = await createA2AClient({ agent: running.url });
      const statuses: string[] = [];
      for await (const event of client.streamMessage('The history of tea')) {
        if ('statusUpdate' in event && event.statusUpdate) {
          const { state, message } = event.statusUpdate.status;
          statuses.push(
            `${state}: ${message?.parts.map((part) => ('text' in part ? part.text : '')).join('')}`,
          );
        }
      }
      expect(statuses).toContain(
        'TASK_STATE_WORKING: Waiting for the model (attempt 2 of 3, retrying in 1 s): the server answered 503 The model is loading',
      );
      expect(statuses.at(-1)).toBe(
        "TASK_STATE_FAILED: The model's server answered 500 The model crashed; tried 3 times",
      );
      expect(statuses.join('\n')).not.toContain('sk-not-shown');
    } finally {
      await running.close();
      await standIn.close();
    }
  });
});
