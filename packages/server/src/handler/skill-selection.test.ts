/**
 * Client-directed skill selection (the A2A 1.1 epic, issue 1989): a send that names a skill in
 * `configuration.skillId` runs that skill's executor (or the agent's, with `ctx.skillId` set), after the skill is
 * found on the card and its security requirements are checked against the caller's scopes.
 */
import { type AgentSkill, isA2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import type { ExecutionContext } from '../executor/agent-executor.ts';
import { createRequestHandler } from './create-request-handler.ts';
import { taskOf, testCall, textOf, userMessage } from './test-support/test-kit.ts';

const skills: AgentSkill[] = [
  { id: 'outline', name: 'Outline', description: 'Outlines a topic', tags: ['writing'] },
  { id: 'summary', name: 'Summary', description: 'Summarizes a text', tags: ['writing'] },
  {
    id: 'publish',
    name: 'Publish',
    description: 'Publishes a document',
    tags: ['admin'],
    securityRequirements: [{ schemes: { bearer: { list: ['docs:publish'] } } }],
  },
];

function agent() {
  const seen: (string | undefined)[] = [];
  const answer = (who: string) => async (ctx: ExecutionContext) => {
    seen.push(ctx.skillId);
    return `${who}: ${ctx.text}`;
  };
  const handler = createRequestHandler({
    executor: answer('default'),
    skills,
    skillExecutors: { summary: answer('summary executor') },
  });
  return { handler, seen };
}

const replyOf = (response: Awaited<ReturnType<ReturnType<typeof agent>['handler']['sendMessage']>>) =>
  'message' in response ? textOf(response.message.parts) : textOf(taskOf(response).status.message?.parts);

describe('client-directed skill selection', () => {
  it("runs the named skill's own executor, and the agent's executor for a skill without one", async () => {
    const { handler, seen } = agent();
    const summary = await handler.sendMessage(
      { message: userMessage('the text'), configuration: { skillId: 'summary' } },
      testCall(),
    );
    expect(replyOf(summary)).toBe('summary executor: the text');
    const outline = await handler.sendMessage(
      { message: userMessage('tea'), configuration: { skillId: 'outline' } },
      testCall(),
    );
    expect(replyOf(outline)).toBe('default: tea');
    const unnamed = await handler.sendMessage({ message: userMessage('tea') }, testCall());
    expect(replyOf(unnamed)).toBe('default: tea');
    expect(seen).toEqual(['summary', 'outline', undefined]);
  });

  it('refuses a skill the card does not have, naming the skills it has, and runs nothing', async () => {
    const { handler, seen } = agent();
    const error = await handler
      .sendMessage({ message: userMessage('x'), configuration: { skillId: 'translate' } }, testCall())
      .catch((caught: unknown) => caught);
    expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
    expect((error as Error).message).toBe(
      'Invalid parameters: configuration.skillId: the agent has no skill "translate" (its skills: outline, summary, publish)',
    );
    expect(seen).toEqual([]);
  });

  it("checks the skill's security requirements against the caller's scopes", async () => {
    const { handler, seen } = agent();
    const refused = await handler
      .sendMessage(
        { message: userMessage('doc'), configuration: { skillId: 'publish' } },
        testCall({ user: { id: 'ann', scopes: ['docs:read'] } }),
      )
      .catch((caught: unknown) => caught);
    expect(isA2AError(refused)).toBe(true);
    expect(refused).toMatchObject({
      code: -32600,
      reason: 'PERMISSION_DENIED',
      metadata: { skillId: 'publish' },
    });
    const allowed = await handler.sendMessage(
      { message: userMessage('doc'), configuration: { skillId: 'publish' } },
      testCall({ user: { id: 'bob', scopes: ['docs:read', 'docs:publish'] } }),
    );
    expect(replyOf(allowed)).toBe('default: doc');
    expect(seen).toEqual(['publish']);
  });
});
