import { createA2AServer, messageText } from '../src/index.ts';

/**
 * A small agent that shows the executor API: it asks for the city when the request names none
 * (`requestInput`), then streams a plan into an artifact chunk by chunk.
 */
export function createTripPlanner() {
  return createA2AServer({
    card: {
      name: 'Trip planner',
      description: 'Plans a short trip to a city',
      version: '1.0.0',
      skills: [{ id: 'plan', name: 'Plan a trip', description: 'Plans a two-day trip', tags: ['travel'] }],
    },
    executor: async (ctx) => {
      const named = /\bto ([A-Z][\w-]+)/.exec(ctx.text)?.[1];
      const city = named ?? messageText(await ctx.requestInput('Which city would you like to visit?'));
      const plan = ctx.streamArtifact({ name: 'plan' });
      for (const day of ['Day 1: the old town', 'Day 2: the coast']) await plan.write(`${day} of ${city}\n`);
      await plan.end('Have a good trip.');
    },
  });
}
