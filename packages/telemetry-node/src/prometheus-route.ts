import type { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { Hono } from 'hono';

/** A route that answers `GET /metrics` with the Prometheus text format, on the app's own port. */
export function createPrometheusRoute(reader: PrometheusExporter): Hono {
  const serializer = new PrometheusSerializer();
  const app = new Hono();
  app.get('/metrics', async (c) => {
    const { resourceMetrics, errors } = await reader.collect();
    if (errors.length > 0) c.header('X-Metrics-Errors', String(errors.length));
    return c.body(serializer.serialize(resourceMetrics), 200, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
    });
  });
  return app;
}
