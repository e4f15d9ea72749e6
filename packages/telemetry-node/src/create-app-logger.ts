import type { Logger } from '@baton/server';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino from 'pino';
import pretty from 'pino-pretty';

/** A Baton {@link Logger} with `info`, backed by pino. */
export interface AppLogger extends Required<Logger> {
  info(message: string, details?: Readonly<Record<string, unknown>>): void;
  /** The pino logger underneath, for anything else. */
  readonly pino: pino.Logger;
}

/** Options of {@link createAppLogger}. */
export interface AppLoggerOptions {
  /** The app's name, on every line. */
  readonly name: string;
  /** `LOG_LEVEL`: `fatal`, `error`, `warn`, `info` (default), `debug`, `trace` or `silent`. */
  readonly level?: string | undefined;
  /**
   * Human-readable lines instead of JSON; default: as `LOG_FORMAT` says (`pretty` or `json`), else when standard
   * output is a terminal.
   */
  readonly pretty?: boolean | undefined;
  /** Where lines go; default standard output. */
  readonly destination?: NodeJS.WritableStream | undefined;
}

/**
 * The apps' logger: one JSON line per event (`level`, `time`, `msg`, the app's `name`, the event's details, and
 * `trace_id` / `span_id` when it happens inside a span), or readable lines on a terminal (or with
 * `LOG_FORMAT=pretty`; `LOG_FORMAT=json` keeps JSON on a terminal too). Errors in the details
 * are written with their message and stack.
 */
export function createAppLogger(options: AppLoggerOptions): AppLogger {
  const level = options.level?.trim() || 'info';
  if (!(level in pino.levels.values) && level !== 'silent')
    throw new Error(
      `LOG_LEVEL must be one of ${Object.keys(pino.levels.values).join(', ')} or silent, got "${level}"`,
    );
  const destination = options.destination ?? process.stdout;
  const format = process.env.LOG_FORMAT?.trim() || undefined;
  if (format !== undefined && format !== 'pretty' && format !== 'json') {
    throw new Error(`LOG_FORMAT must be pretty or json, got "${format}"`);
  }
  const readable =
    options.pretty ??
    (format !== undefined
      ? format === 'pretty'
      : destination === process.stdout && process.stdout.isTTY === true);
  const logger = pino(
    {
      name: options.name,
      level,
      serializers: { error: pino.stdSerializers.err, err: pino.stdSerializers.err },
      mixin() {
        const span = trace.getActiveSpan()?.spanContext();
        return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
      },
    },
    readable ? pretty({ destination, sync: true, ignore: 'pid,hostname' }) : destination,
  );
  const write =
    (method: 'error' | 'warn' | 'info' | 'debug') =>
    (message: string, details?: Readonly<Record<string, unknown>>) =>
      details ? logger[method](details, message) : logger[method](message);
  return {
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    pino: logger,
  };
}
