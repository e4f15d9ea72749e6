import { afterEach, describe, expect, it } from 'vitest';
import { type StandInReply, startOpenAiStandIn } from '../../test/openai-stand-in.ts';
import { OutlineSchema } from '../contracts/outline.ts';
import { SummarySchema } from '../contracts/summary.ts';
import { createLlmGenerators } from './create-llm-generators.ts';
import { assembleDocument } from './generators.ts';

const signal = new AbortController().signal;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setUp(replies: StandInReply[]) {
  const standIn = await startOpenAiStandIn(replies);
  close = standIn.close;
  const generators = createLlmGenerators({
    baseURL: standIn.baseURL,
    apiKey: 'sk-test',
    model: 'tiny-model',
  });
  return { ...standIn, generators };
}

const outlineReply = {
  title: 'Tea: a short history',
  sections: [
    { heading: 'Origins', points: ['China', 'Camellia sinensis'] },
    { heading: 'Spread', points: ['Silk Road', 'Dutch traders'] },
    { heading: 'Today', points: ['Varieties'] },
  ],
};

describe('createLlmGenerators: outline', () => {
  it('asks for JSON over chat completions and returns a validated outline', async () => {
    const { generators, requests } = await setUp([{ content: JSON.stringify(outlineReply) }]);
    const outline = await generators.outline.outline({
      topic: 'tea',
      options: { audience: 'students', length: 'short' },
      signal,
    });
    expect(OutlineSchema.parse(outline)).toEqual({ ...outlineReply, topic: 'tea', audience: 'students' });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('tiny-model');
    expect(request?.body.stream).toBeFalsy();
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    expect(request?.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(request?.body.messages[0]?.content).toContain('"sections": [{"heading": string, "points"');
    expect(request?.body.messages[1]?.content).toContain('Topic: tea');
    expect(request?.body.messages[1]?.content).toContain('exactly 3 sections');
  });

  it('accepts JSON wrapped in a code fence', async () => {
    const { generators } = await setUp([{ content: `\`\`\`json\n${JSON.stringify(outlineReply)}\n\`\`\`` }]);
    const outline = await generators.outline.outline({ topic: 'tea', options: { sections: 3 }, signal });
    expect(outline.sections).toHaveLength(3);
  });

  it('feeds the validation error back once, then succeeds', async () => {
    const { generators, requests } = await setUp([
      { content: '{"title": "Tea", "sections": []}' },
      { content: JSON.stringify(outlineReply) },
    ]);
    const outline = await generators.outline.outline({ topic: 'tea', options: { sections: 3 }, signal });
    expect(outline.title).toBe('Tea: a short history');
    const retry = requests[1]?.body.messages ?? [];
    expect(retry.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[2]?.content).toBe('{"title": "Tea", "sections": []}');
    expect(retry[3]?.content).toMatch(/not valid: .*sections/);
  });

  it('retries an invalid JSON reply once, then throws a clear error', async () => {
    const { generators, requests } = await setUp([
      { content: 'Sure! Here is your outline: {title: Tea' },
      { content: '{"title": "Tea", "sections": [' },
    ]);
    await expect(generators.outline.outline({ topic: 'tea', options: {}, signal })).rejects.toThrow(
      /^The model did not return a valid outline after 2 attempts: it (contains no JSON object|is not valid JSON)/,
    );
    expect(requests).toHaveLength(2);
  });

  it('asks again without response_format when the server rejects it', async () => {
    const { generators, requests } = await setUp([
      { status: 400, message: "'response_format.type' must be 'json_schema'" },
      { content: JSON.stringify(outlineReply) },
    ]);
    await generators.outline.outline({ topic: 'tea', options: { sections: 3 }, signal });
    expect(requests[0]?.body.response_format).toBeDefined();
    expect(requests[1]?.body.response_format).toBeUndefined();
  });
});

describe('createLlmGenerators: document', () => {
  it('streams each section with one request, yielding tokens as separate chunks', async () => {
    const { generators, requests } = await setUp([
      { tokens: ['## Origins\n', 'Tea ', 'began ', 'in ', 'China.'] },
      { tokens: ['It ', 'spread ', 'west.'] },
    ]);
    const outline = { ...outlineReply, topic: 'tea', sections: outlineReply.sections.slice(0, 2) };
    const chunks: { heading: string; markdown: string }[] = [];
    for await (const chunk of generators.document.write({ outline, instructions: 'Be brief.', signal })) {
      chunks.push(chunk);
    }
    expect(chunks).toEqual([
      { heading: 'Origins', markdown: 'Tea ' },
      { heading: 'Origins', markdown: 'began ' },
      { heading: 'Origins', markdown: 'in ' },
      { heading: 'Origins', markdown: 'China.' },
      { heading: 'Origins', markdown: '\n\n' },
      { heading: 'Spread', markdown: 'It ' },
      { heading: 'Spread', markdown: 'spread ' },
      { heading: 'Spread', markdown: 'west.' },
      { heading: 'Spread', markdown: '\n\n' },
    ]);
    expect(requests.map((request) => request.body.stream)).toEqual([true, true]);
    expect(requests[0]?.headers.accept).toBeDefined();
    expect(requests[0]?.body.messages[1]?.content).toContain(
      'Write the section "Origins", covering: China; Camellia sinensis.',
    );
    expect(requests[1]?.body.messages[1]?.content).toContain('Instructions from the user: Be brief.');
  });

  it('yields a token before the stream has finished', async () => {
    const tokens = Array.from({ length: 50 }, (_, index) => `t${index} `);
    const { generators } = await setUp([{ tokens }]);
    const outline = { title: 'T', topic: 't', sections: [{ heading: 'Only', points: ['p'] }] };
    const iterator = generators.document.write({ outline, signal })[Symbol.asyncIterator]();
    const started = Date.now();
    const first = await iterator.next();
    expect(first.value).toEqual({ heading: 'Only', markdown: 't0 ' });
    // 50 tokens take ≥100 ms to stream; the first arrives long before that.
    expect(Date.now() - started).toBeLessThan(100);
    await iterator.return?.();
  });

  it('fails clearly when the model writes nothing for a section', async () => {
    const { generators } = await setUp([{ tokens: [] }]);
    const outline = { title: 'T', topic: 't', sections: [{ heading: 'Only', points: ['p'] }] };
    const drain = async () => {
      for await (const _chunk of generators.document.write({ outline, signal })) {
        // drain
      }
    };
    await expect(drain()).rejects.toThrow('The model wrote nothing for the section "Only"');
  });
});

describe('createLlmGenerators: summary', () => {
  it('returns a validated summary with word counts computed from the text', async () => {
    const reply = {
      summary: 'Tea began in China. It spread west.',
      keyPoints: ['Origins in China', 'Spread west'],
    };
    const { generators, requests } = await setUp([{ content: JSON.stringify(reply) }]);
    const document = assembleDocument('Tea', [
      { heading: 'Origins', markdown: 'Tea began in China long ago.' },
    ]);
    const summary = SummarySchema.parse(await generators.summary.summarize({ document, signal }));
    expect(summary).toEqual({ title: 'Tea', ...reply, sourceWordCount: 8, summaryWordCount: 7 });
    expect(requests[0]?.body.messages[1]?.content).toContain('Tea began in China long ago.');
  });

  it('throws after one retry when the summary keeps breaking the shape', async () => {
    const { generators } = await setUp([{ content: '{"summary": ""}' }, { content: '{"keyPoints": []}' }]);
    const document = assembleDocument('Tea', [{ heading: 'Origins', markdown: 'Tea began in China.' }]);
    await expect(generators.summary.summarize({ document, signal })).rejects.toThrow(
      /^The model did not return a valid summary after 2 attempts: it does not match the shape \(summary: /,
    );
  });
});
