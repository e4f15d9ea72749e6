import { describe, expect, it } from 'vitest';
import { measureBytes, partOf } from './measure-bytes.ts';
import { renderBytesReport } from './report-bytes.ts';

describe('partOf', () => {
  it('names the package a bundled file comes from, the innermost node_modules winning', () => {
    expect(partOf('../../node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/util.js')).toBe('zod');
    expect(
      partOf('../../node_modules/.pnpm/@opentelemetry+api@1.9.1/node_modules/@opentelemetry/api/x.js'),
    ).toBe('@opentelemetry/api');
    expect(partOf('../../packages/protocol/src/translate/parts.ts')).toBe(
      '@baton/protocol: A2A 0.3 (schemas, translation)',
    );
    expect(partOf('../../packages/protocol/src/v1/task.ts')).toBe('@baton/protocol');
    expect(partOf('../../apps/orchestrator/console/src/app.tsx')).toBe('the console');
  });
});

describe('measureBytes', () => {
  it('bundles every budget and accounts for its bytes', async () => {
    const measured = await measureBytes();
    expect(measured.map((m) => m.budget.id)).toEqual(['client', 'worker', 'console']);
    for (const m of measured) {
      expect(m.gzipBytes).toBeLessThan(m.bytes);
      // The parts are what esbuild says each input put in the bundle: all but the glue between modules.
      const accounted = m.parts.reduce((sum, part) => sum + part.bytes, 0);
      expect(accounted / m.bytes).toBeGreaterThan(0.9);
      expect(accounted).toBeLessThanOrEqual(m.bytes);
    }
    const client = measured[0];
    expect(client?.parts.map((part) => part.part)).toContain('@baton/client');
    expect(client?.parts.map((part) => part.part)).not.toContain('hono');
    const report = renderBytesReport(measured);
    expect(report).toMatch(/^## Bytes\n/);
    expect(report).toContain('| `@baton/client` for a browser (`createA2AClient`) |');
  }, 60_000);
});
