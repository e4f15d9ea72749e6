/** The A2A agent the MCP tests call: a real Baton server on 127.0.0.1 whose executor does what the text says. */
import { createA2AServer, messageText } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';

export const AGENT_CARD = {
  name: 'Test agent',
  description: 'Echoes, writes, asks and waits, for the MCP bridge tests.',
  version: '1.0.0',
  skills: [
    {
      id: 'echo',
      name: 'Echo',
      description: 'Answers with what it is sent.',
      tags: ['test'],
      examples: ['echo hi'],
    },
    { id: 'write', name: 'Write', description: 'Writes a three-chunk artifact.', tags: ['test'] },
    { id: 'plan.trip', name: 'Plan a trip', description: 'Asks which city, then plans.', tags: ['test'] },
    { id: 'wait', name: 'Wait', description: 'Works until canceled.', tags: ['test'] },
  ],
};

/** The agent; `waiting` resolves with the task id of the next `wait` task once it runs. */
export interface TestAgent {
  readonly agent: RunningA2AServer;
  /** The skill each message named (`ctx.skillId`), in order: the bridge names the tool's skill. */
  readonly namedSkills: (string | undefined)[];
  waiting(): Promise<string>;
  /**
   * Makes the next `write` task end only once `until` resolves: the MCP SDK's client drops progress notifications
   * that arrive together with the result, so a test of progress lets the task end after it saw them.
   */
  holdWrites(until: Promise<void>): void;
}

export async function startTestAgent(): Promise<TestAgent> {
  let hold: Promise<void> = Promise.resolve();
  let announce: (taskId: string) => void = () => undefined;
  let next = new Promise<string>((resolve) => {
    announce = resolve;
  });
  const namedSkills: (string | undefined)[] = [];
  const server = createA2AServer({
    card: AGENT_CARD,
    executor: async (ctx) => {
      namedSkills.push(ctx.skillId);
      const command = ctx.text.split(' ')[0];
      if (command === 'write') {
        const stream = ctx.streamArtifact({ name: 'poem' });
        for (const line of ['one ', 'two ', 'three']) await stream.write(line);
        await stream.end();
        await hold;
        await ctx.complete();
        return;
      }
      if (command === 'trip') {
        const answer = await ctx.requestInput('Which city?');
        const city = messageText(answer).trim();
        await ctx.addArtifact({ name: 'trip', parts: [{ text: `Trip to ${city}` }, { data: { city } }] });
        await ctx.complete();
        return;
      }
      if (command === 'wait') {
        await ctx.working('Waiting to be canceled');
        announce(ctx.taskId);
        next = new Promise<string>((resolve) => {
          announce = resolve;
        });
        await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
        return;
      }
      if (command === 'fail') {
        await ctx.fail('The agent could not do it: no such thing.');
        return;
      }
      await ctx.addArtifact({
        name: 'echo',
        parts: [{ text: `You said: ${ctx.text}` }, ...(ctx.data === undefined ? [] : [{ data: ctx.data }])],
      });
      await ctx.complete();
    },
  });
  const agent = await startA2AServer(server, { port: 0, hostname: '127.0.0.1' });
  return {
    agent,
    namedSkills,
    waiting: () => next,
    holdWrites(until) {
      hold = until;
    },
  };
}
