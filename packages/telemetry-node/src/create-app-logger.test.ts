import { PassThrough } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppLogger } from './create-app-logger.ts';

function capture(options: { level?: string; pretty?: boolean } = {}) {
  const destination = new PassThrough();
  const lines: string[] = [];
  destination.on('data', (chunk: Buffer) =>
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  const logger = createAppLogger({ name: 'test-app', destination, ...options });
  return { logger, lines };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createAppLogger', () => {
  const manager = new AsyncLocalStorageContextManager();
  beforeAll(() => {
    manager.enable();
    context.setGlobalContextManager(manager);
  });
  afterAll(() => {
    context.disable();
  });

  it('writes one JSON line per event with level, time, message, name and details', async () => {
    const { logger, lines } = capture();
    logger.warn('Push notification dropped', { taskId: 't-1', attempts: 4 });
    await settle();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line).toMatchObject({
      level: 40,
      msg: 'Push notification dropped',
      name: 'test-app',
      taskId: 't-1',
    });
    expect(typeof line.time).toBe('number');
    expect(line.trace_id).toBeUndefined();
  });

  it('adds trace_id and span_id inside a span', async () => {
    const { logger, lines } = capture();
    const span = trace.wrapSpanContext({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: 1,
    });
    context.with(trace.setSpan(context.active(), span), () => logger.info('Run started', { runId: 'r-1' }));
    await settle();
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      span_id: '00f067aa0ba902b7',
      runId: 'r-1',
    });
  });

  it('writes an error with its message and stack, and honours the level', async () => {
    const { logger, lines } = capture({ level: 'error' });
    logger.info('not written');
    logger.error('The executor failed', { error: new Error('boom') });
    await settle();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}').error).toMatchObject({
      message: 'boom',
      stack: expect.stringContaining('Error: boom'),
    });
    expect(() => createAppLogger({ name: 'x', level: 'loud' })).toThrow(
      /^LOG_LEVEL must be one of .* got "loud"$/,
    );
  });

  it('writes readable lines when asked (a terminal)', async () => {
    const { logger, lines } = capture({ pretty: true });
    logger.warn('Careful', { taskId: 't-2' });
    await settle();
    const text = lines.join('\n');
    expect(text).toContain('WARN');
    expect(text).toContain('Careful');
    expect(() => JSON.parse(lines[0] ?? '')).toThrow();
  });

  it('takes LOG_FORMAT (pretty or json) when the caller does not choose, and refuses another value', async () => {
    const before = process.env.LOG_FORMAT;
    try {
      process.env.LOG_FORMAT = 'pretty';
      const pretty = capture();
      pretty.logger.info('Readable', { runId: 'r1' });
      process.env.LOG_FORMAT = 'json';
      const json = capture();
      json.logger.info('Parsable', { runId: 'r2' });
      await settle();
      expect(() => JSON.parse(pretty.lines[0] ?? '')).toThrow();
      expect(pretty.lines.join('\n')).toContain('Readable');
      expect(JSON.parse(json.lines[0] ?? '{}')).toMatchObject({ msg: 'Parsable', runId: 'r2' });
      process.env.LOG_FORMAT = 'yaml';
      expect(() => createAppLogger({ name: 'x' })).toThrow('LOG_FORMAT must be pretty or json, got "yaml"');
    } finally {
      if (before === undefined) delete process.env.LOG_FORMAT;
      else process.env.LOG_FORMAT = before;
    }
  });
});
