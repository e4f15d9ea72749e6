/**
 * Runs in Node 22 (Mastra 1.x needs it): Mastra's `A2AAgent`, the client a Mastra app uses for a remote A2A agent,
 * calls the agent at argv[2] with protocol version argv[3] ("0.3" or "1.0"): its card, `generate`, `stream`, and a
 * question answered with `resumeGenerate`. Prints one JSON object with what Mastra saw, for the test to check.
 */
import { A2AAgent } from '@mastra/core/a2a';

const [url, protocolVersion] = process.argv.slice(2);
if (!url || (protocolVersion !== '0.3' && protocolVersion !== '1.0')) {
  throw new Error('usage: call-with-mastra.ts <agent url> <0.3|1.0>');
}

const agent = new A2AAgent({ url, protocolVersion, retries: 0 });
const card = await agent.getAgentCard();
const generated = await agent.generate('Lisbon');

const streamed = await agent.stream('Porto');
const deltas: string[] = [];
// Its stream result has no `textStream` at run time, though its type says so: the deltas come from `fullStream`.
for await (const chunk of streamed.fullStream) {
  if (chunk.type === 'text-delta') deltas.push(chunk.payload.text);
}
const streamedText = await streamed.text;

const asked = await agent.generate('book a table');
const answered = asked.runId ? await agent.resumeGenerate('for two', { runId: asked.runId }) : undefined;

process.stdout.write(
  `${JSON.stringify({
    card: { name: card.name, skills: card.skills.map((skill) => skill.id) },
    generate: { text: generated.text, finishReason: generated.finishReason },
    stream: { deltas, text: streamedText, hasTextStream: streamed.textStream !== undefined },
    question: { text: asked.text, finishReason: asked.finishReason },
    answer: answered && { text: answered.text, finishReason: answered.finishReason },
  })}\n`,
);
