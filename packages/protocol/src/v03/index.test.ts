import { describe, expect, it } from 'vitest';
import * as v03 from './index.ts';

describe('v03 index', () => {
  it('exports the JSON-RPC schemas and the REST schemas under rest', () => {
    expect(v03.TaskSchema.parse({ id: 't', contextId: 'c', status: { state: 'completed' } }).kind).toBe(
      'task',
    );
    expect(v03.rest.TaskSchema.parse({ id: 't', contextId: 'c', status: { state: 3 } }).status.state).toBe(
      'TASK_STATE_COMPLETED',
    );
  });

  it('keeps the kind-union building blocks and helpers private', () => {
    expect(Object.keys(v03)).not.toContain('messageObject');
    expect(Object.keys(v03)).not.toContain('jsonObject');
    expect(Object.keys(v03.rest)).not.toContain('withJsonName');
    expect(Object.keys(v03).filter((name) => name.endsWith('Schema')).length).toBeGreaterThan(40);
  });
});
