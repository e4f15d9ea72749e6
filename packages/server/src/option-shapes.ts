/**
 * Options whose shape changed: `push` and `telemetry` once took `true` or a settings object, and now take what a
 * factory builds. Plain JavaScript passes the old shapes without a type error, so they are refused at creation
 * with the call to make instead, not with a TypeError from deep inside.
 */
export function assertCurrentOptionShapes(options: {
  readonly push?: unknown;
  readonly telemetry?: unknown;
}): void {
  const { push, telemetry } = options;
  if (push !== undefined && !hasFunction(push, 'attach')) {
    throw new TypeError(
      `createA2AServer: "push" takes what pushNotifications() from '@baton/server' returns, not ${shapeOf(push)}: ` +
        `push: pushNotifications(${isSettings(push) ? 'those settings' : ''})`,
    );
  }
  if (telemetry !== undefined && !hasFunction(telemetry, 'instrument')) {
    throw new TypeError(
      `createA2AServer: "telemetry" takes what serverOpenTelemetry() from '@baton/server' returns, not ${shapeOf(telemetry)}: ` +
        'telemetry: serverOpenTelemetry() (with an OpenTelemetry SDK registered first)',
    );
  }
}

function hasFunction(value: unknown, name: string): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)[name] === 'function'
  );
}

function isSettings(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shapeOf(value: unknown): string {
  if (isSettings(value)) return 'a settings object';
  return value === null ? 'null' : `${typeof value} ${JSON.stringify(value) ?? ''}`.trim();
}
