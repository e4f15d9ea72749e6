import { isA2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { contractPart, readContract } from './artifact-data.ts';
import { OutlineSchema } from './outline.ts';

const outline = {
  title: 'Tea: a short history',
  topic: 'tea',
  sections: [{ heading: 'Origins', points: ['China', 'Camellia sinensis'] }],
};

describe('readContract', () => {
  it('reads the contract from the first DataPart of a message', () => {
    const message = { parts: [{ text: 'Here is the outline' }, contractPart(outline)] };
    expect(readContract(message, OutlineSchema, 'outline')).toEqual(outline);
  });

  it('names the missing DataPart', () => {
    const attempt = () => readContract({ parts: [{ text: 'no data' }] }, OutlineSchema, 'outline');
    expect(attempt).toThrow('Expected the outline as a JSON DataPart; none was sent');
    try {
      attempt();
    } catch (error) {
      expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
    }
  });

  it('names the field that breaks the contract', () => {
    const broken = { ...outline, sections: [{ heading: 'Origins', points: [] }] };
    expect(() => readContract({ parts: [contractPart(broken)] }, OutlineSchema, 'outline')).toThrow(
      /^The outline is invalid: sections\[0\]\.points: /,
    );
  });
});
