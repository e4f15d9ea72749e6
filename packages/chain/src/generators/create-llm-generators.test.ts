import { isAgentFailure } from '@baton/server';
import { afterEach, describe, expect, it } from 'vitest';
import { OutlineSchema } from '../contracts/outline.ts';
import { SummarySchema } from '../contracts/summary.ts';
import { type StandInReply, startOpenAiStandIn } from '../testing/openai-stand-in.ts';
import { createLlmGenerators } from './create-llm-generators.ts';
import { assembleDocument } from './generators.ts';

const signal = new AbortController().signal;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setUp(replies: StandInReply[], settings: { timeoutMs?: number; attempts?: number } = {}) {
  const standIn = await startOpenAiStandIn(replies);
  close = standIn.close;
  const generators = createLlmGenerators({
    baseURL: standIn.baseURL,
    apiKey: 'sk-test-secret-key-123',
    model: 'tiny-model',
    ...settings,
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
    expect(request?.headers.authorization).toBe('Bearer sk-test-secret-key-123');
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
    let finishStream = () => {};
    const heldAfterFirst = new Promise<void>((resolve) => {
      finishStream = resolve;
    });
    const tokens = Array.from({ length: 50 }, (_, index) => `t${index} `);
    const { generators } = await setUp([{ tokens, heldAfterFirst }]);
    const outline = { title: 'T', topic: 't', sections: [{ heading: 'Only', points: ['p'] }] };
    const iterator = generators.document.write({ outline, signal })[Symbol.asyncIterator]();
    // The stand-in holds the other 49 tokens until the first has been yielded: a generator that waited for the
    // whole stream would never yield, and the race ends it instead of the test's timeout.
    const first = await Promise.race([
      iterator.next(),
      new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 5_000).unref()),
    ]);
    finishStream();
    expect(first).toEqual({ done: false, value: { heading: 'Only', markdown: 't0 ' } });
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

describe('createLlmGenerators: failures that say why', () => {
  /** Answers fast: the stand-in asks for a 20 ms wait, which the generators honour instead of their backoff. */
  const busy = (status: number, message: string) => ({
    status,
    message,
    headers: { 'retry-after-ms': '20' },
  });

  it('retries a 429, honouring Retry-After, and says so while it waits', async () => {
    const { generators, requests } = await setUp([
      { status: 429, message: 'Rate limit reached for tiny-model', headers: { 'retry-after': '1' } },
      { content: JSON.stringify(outlineReply) },
    ]);
    const heard: string[] = [];
    const started = Date.now();
    const outline = await generators.outline.outline({
      topic: 'tea',
      options: { sections: 3 },
      signal,
      progress: (text) => heard.push(text),
    });
    expect(outline.title).toBe('Tea: a short history');
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(heard).toEqual([
      'Waiting for the model (attempt 2 of 3, retrying in 1 s): the server answered 429 Rate limit reached for tiny-model',
    ]);
  });

  it('fails with the provider status and message after the last attempt', async () => {
    const { generators, requests } = await setUp([
      busy(500, 'The model crashed'),
      busy(502, 'Bad gateway'),
      busy(503, 'The model crashed again'),
    ]);
    const failure = await generators.outline
      .outline({ topic: 'tea', options: {}, signal })
      .catch((error) => error);
    expect(isAgentFailure(failure)).toBe(true);
    expect(failure.message).toBe("The model's server answered 503 The model crashed again; tried 3 times");
    expect(requests).toHaveLength(3);
  });

  it('does not retry what a retry cannot fix, names the setting to change, and never shows the key', async () => {
    const { generators, requests } = await setUp([
      { status: 401, message: 'Incorrect API key provided: sk-test-secret-key-123' },
    ]);
    const failure = await generators.summary
      .summarize({ document: assembleDocument('Tea', [{ heading: 'A', markdown: 'Tea.' }]), signal })
      .catch((error) => error);
    expect(failure.message).toBe(
      "The model's server answered 401 Incorrect API key provided: [redacted]: check BATON_LLM_API_KEY",
    );
    expect(requests).toHaveLength(1);
  });

  it('names the timeout and its setting when the model hangs', async () => {
    const { generators, requests } = await setUp([{ hang: true }, { hang: true }], {
      timeoutMs: 300,
      attempts: 2,
    });
    const heard: string[] = [];
    const failure = await generators.outline
      .outline({ topic: 'tea', options: {}, signal, progress: (text) => heard.push(text) })
      .catch((error) => error);
    expect(failure.message).toMatch(
      /^The model did not answer within 0\.3 s \(BATON_LLM_TIMEOUT_MS=300\) at http:\/\/127\.0\.0\.1:\d+\/v1; tried 2 times$/,
    );
    expect(heard).toEqual([
      'Waiting for the model (attempt 2 of 2, retrying in 1 s): no answer within 0.3 s',
    ]);
    expect(requests).toHaveLength(2);
  });

  it('fails at once when the server asks to wait longer than it will', async () => {
    const { generators, requests } = await setUp([
      { status: 429, message: 'Daily quota used up', headers: { 'retry-after': '3600' } },
    ]);
    const failure = await generators.outline
      .outline({ topic: 'tea', options: {}, signal })
      .catch((error) => error);
    expect(failure.message).toBe(
      "The model's server answered 429 Daily quota used up; it asks to wait 3600 s, more than the 60 s Baton waits",
    );
    expect(requests).toHaveLength(1);
  });

  it('says the server cannot be reached, and where', async () => {
    const standIn = await startOpenAiStandIn([]);
    await standIn.close();
    const generators = createLlmGenerators({
      baseURL: standIn.baseURL,
      apiKey: 'k',
      model: 'm',
      attempts: 1,
    });
    const failure = await generators.outline
      .outline({ topic: 'tea', options: {}, signal })
      .catch((error) => error);
    expect(failure.message).toBe(
      `Could not reach the model's server at ${standIn.baseURL} (ECONNREFUSED): check BATON_LLM_BASE_URL and that the server is running`,
    );
  });

  it('retries opening a section stream, then fails the document with the section named', async () => {
    const { generators } = await setUp([
      busy(503, 'Overloaded'),
      { tokens: ['Tea.'] },
      busy(400, 'Context too long'),
    ]);
    const outline = {
      title: 'T',
      topic: 't',
      sections: [
        { heading: 'One', points: ['p'] },
        { heading: 'Two', points: ['q'] },
      ],
    };
    const chunks: string[] = [];
    const failure = await (async () => {
      for await (const chunk of generators.document.write({ outline, signal })) chunks.push(chunk.markdown);
    })().catch((error) => error);
    expect(chunks.join('')).toBe('Tea.\n\n');
    expect(failure.message).toBe("The model's server answered 400 Context too long");
  });

  it('reports a reply that is not JSON as an agent failure with the reason', async () => {
    const { generators } = await setUp([{ content: 'no json here' }, { content: 'still none' }]);
    const failure = await generators.outline
      .outline({ topic: 'tea', options: {}, signal })
      .catch((error) => error);
    expect(isAgentFailure(failure)).toBe(true);
    expect(failure.message).toBe(
      'The model did not return a valid outline after 2 attempts: it contains no JSON object',
    );
  });
});
