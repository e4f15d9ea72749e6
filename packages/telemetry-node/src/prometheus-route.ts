import type { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { Hono } from 'hono';

/**
 * A route that answers `GET /metrics` with the Prometheus text format, on the app's own port. The serializer is
 * loaded with the first scrape, so importing this package costs an app that exports nothing nothing.
 */
export function createPrometheusRoute(reader: PrometheusExporter): Hono {
  let serializer: Promise<PrometheusSerializer> | undefined;
  const app = new Hono();
  app.get('/metrics', async (c) => {
    serializer ??= import('@opentelemetry/exporter-prometheus').then((m) => new m.PrometheusSerializer());
    const [{ resourceMetrics, errors }, ready] = await Promise.all([reader.collect(), serializer]);
    if (errors.length > 0) c.header('X-Metrics-Errors', String(errors.length));
    return c.body(ready.serialize(resourceMetrics), 200, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
    });
  });
  return app;
}
