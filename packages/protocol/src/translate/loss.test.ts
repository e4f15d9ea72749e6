import { describe, expect, it } from 'vitest';
import { translate } from '../index.ts';
import { at, joinPath, lossTo1, lossTo03, requiredList, requiredString, TranslationError } from './loss.ts';

describe('joinPath', () => {
  it('joins names with dots, indexes with brackets and quotes keys that are not identifiers', () => {
    expect(joinPath('', 'message')).toBe('message');
    expect(joinPath('message', 'parts')).toBe('message.parts');
    expect(joinPath('message.parts', 0)).toBe('message.parts[0]');
    expect(joinPath('securitySchemes', 'my-key')).toBe('securitySchemes["my-key"]');
    expect(joinPath('', 'a.b')).toBe('["a.b"]');
  });

  it('extends the options path without touching the original options', () => {
    const options = { path: 'task' };
    expect(at(at(options, 'history'), 2)).toEqual({ path: 'task.history[2]' });
    expect(options).toEqual({ path: 'task' });
  });
});

describe('loss reporting', () => {
  it('calls onLoss with the full path and reason, and returns normally', () => {
    const losses: unknown[] = [];
    lossTo03({ path: 'a', onLoss: (loss) => losses.push(loss) }, 'b', 'why');
    lossTo1({ onLoss: (loss) => losses.push(loss) }, undefined, 'root');
    expect(losses).toEqual([
      { path: 'a.b', reason: 'why' },
      { path: '', reason: 'root' },
    ]);
  });

  it('does nothing without onLoss', () => {
    expect(() => lossTo03({}, 'x', 'why')).not.toThrow();
  });

  it('throws TranslationError with path, reason and target in strict mode, without calling onLoss', () => {
    const losses: unknown[] = [];
    let error: unknown;
    try {
      lossTo03({ strict: true, path: 'card', onLoss: (loss) => losses.push(loss) }, 'tenant', 'no tenant');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TranslationError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'TranslationError',
      path: 'card.tenant',
      reason: 'no tenant',
      target: '0.3',
      message: 'A2A 0.3 cannot express card.tenant: no tenant',
    });
    expect(losses).toEqual([]);
    expect(() => lossTo1({ strict: true }, undefined, 'x')).toThrow('A2A 1.0 cannot express this value: x');
  });
});

describe('required values', () => {
  it('passes non-empty values through', () => {
    expect(requiredString({}, 'id', 'a')).toBe('a');
    expect(requiredList({}, 'parts', [1])).toEqual([1]);
  });

  it('throws for empty ones even without strict', () => {
    expect(() => requiredString({ path: 'message' }, 'messageId', '')).toThrow(
      new TranslationError('1.0', 'message.messageId', 'is empty, but 1.0 REQUIRES a value'),
    );
    expect(() => requiredList({}, 'tags', [])).toThrow(
      'A2A 1.0 cannot express tags: is empty, but 1.0 REQUIRES at least one entry',
    );
  });
});

describe('package root', () => {
  it('exports the translations as the translate namespace, with the REST ones under translate.rest', () => {
    expect(translate.TranslationError).toBe(TranslationError);
    expect(translate.partToV03({ text: 'a' })).toEqual({ kind: 'text', text: 'a' });
    expect(translate.rest.partToV03({ text: 'a' })).toEqual({ text: 'a' });
  });
});
