import { createServer, type IncomingMessage } from 'node:http';

/** An attribute value as OTLP/JSON writes it, read back to a plain value. */
export type AttributeValue = string | number | boolean | undefined;

/** A span as the receiver got it. */
export interface ReceivedSpan {
  /** The `service.name` of the process that sent it. */
  readonly service: string;
  readonly traceId: string;
  readonly spanId: string;
  /** `""` for a root span. */
  readonly parentSpanId: string;
  readonly name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  readonly kind: number;
  readonly attributes: Readonly<Record<string, AttributeValue>>;
  readonly events: readonly {
    readonly name: string;
    readonly attributes: Readonly<Record<string, AttributeValue>>;
  }[];
  /** 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
}

/** One data point of a metric as the receiver got it: its value (a sum's, or a histogram's count) and attributes. */
export interface ReceivedPoint {
  readonly service: string;
  readonly metric: string;
  readonly value: number;
  readonly attributes: Readonly<Record<string, AttributeValue>>;
}

/** A loopback OTLP/HTTP receiver (JSON encoding: `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`). */
export interface OtlpReceiver {
  /** The base URL to put in `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  readonly url: string;
  readonly spans: ReceivedSpan[];
  /** Every metric data point received, oldest first (a cumulative metric repeats with each export). */
  readonly points: ReceivedPoint[];
  close(): Promise<void>;
}

interface OtlpKeyValue {
  readonly key: string;
  readonly value?: {
    readonly stringValue?: string;
    readonly intValue?: string | number;
    readonly doubleValue?: number;
    readonly boolValue?: boolean;
  };
}

const readAttributes = (list: readonly OtlpKeyValue[] | undefined): Record<string, AttributeValue> =>
  Object.fromEntries(
    (list ?? []).map(({ key, value }) => [
      key,
      value?.stringValue ??
        (value?.intValue !== undefined ? Number(value.intValue) : undefined) ??
        value?.doubleValue ??
        value?.boolValue,
    ]),
  );

const serviceOf = (resource: { attributes?: OtlpKeyValue[] } | undefined) =>
  String(readAttributes(resource?.attributes)['service.name'] ?? '');

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts an OTLP/HTTP receiver on 127.0.0.1 that keeps every span and metric point it is sent (`POST /v1/traces`,
 * `POST /v1/metrics`, JSON bodies), and answers as a collector does. A real protocol peer for tests: the apps'
 * official OpenTelemetry exporters send to it exactly what they would send to a collector.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const points: ReceivedPoint[] = [];
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || !request.headers['content-type']?.startsWith('application/json')) {
      response.writeHead(415, { 'content-type': 'application/json' }).end('{"message":"send http/json"}');
      return;
    }
    const parsed = JSON.parse(body) as Record<string, unknown[]>;
    if (request.url === '/v1/traces') {
      for (const resourceSpans of (parsed.resourceSpans ?? []) as {
        resource?: { attributes?: OtlpKeyValue[] };
        scopeSpans?: { spans?: Record<string, unknown>[] }[];
      }[]) {
        const service = serviceOf(resourceSpans.resource);
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              service,
              traceId: String(span.traceId),
              spanId: String(span.spanId),
              parentSpanId: String(span.parentSpanId ?? ''),
              name: String(span.name),
              kind: Number(span.kind ?? 0),
              attributes: readAttributes(span.attributes as OtlpKeyValue[]),
              events: ((span.events ?? []) as { name: string; attributes?: OtlpKeyValue[] }[]).map(
                (event) => ({
                  name: event.name,
                  attributes: readAttributes(event.attributes),
                }),
              ),
              statusCode: Number((span.status as { code?: number } | undefined)?.code ?? 0),
            });
          }
        }
      }
    } else if (request.url === '/v1/metrics') {
      for (const resourceMetrics of (parsed.resourceMetrics ?? []) as {
        resource?: { attributes?: OtlpKeyValue[] };
        scopeMetrics?: { metrics?: Record<string, { dataPoints?: Record<string, unknown>[] } | string>[] }[];
      }[]) {
        const service = serviceOf(resourceMetrics.resource);
        for (const scope of resourceMetrics.scopeMetrics ?? []) {
          for (const metric of scope.metrics ?? []) {
            const data = (metric.sum ?? metric.histogram ?? metric.gauge) as
              | { dataPoints?: Record<string, unknown>[] }
              | undefined;
            for (const point of data?.dataPoints ?? []) {
              const value = Number(point.asInt ?? point.asDouble ?? point.count ?? 0);
              points.push({
                service,
                metric: String(metric.name),
                value,
                attributes: readAttributes(point.attributes as OtlpKeyValue[]),
              });
            }
          }
        }
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    points,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
