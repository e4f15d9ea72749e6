import { describe, expect, it } from 'vitest';
import { loadKnowledgeSource } from './knowledge-source.ts';
import { findSubject } from './topic-subject.ts';

const { wordnet, grammar } = await loadKnowledgeSource();
const subjectOf = (topic: string) => findSubject(topic, wordnet, grammar);

describe('findSubject', () => {
  it('sets the framing aside and keeps an aspect a dictionary cannot speak to', () => {
    expect(subjectOf('The history of tea')).toMatchObject({ name: 'tea', lemma: 'tea', aspect: 'history' });
    expect(subjectOf('A short guide to sourdough')).toMatchObject({ name: 'sourdough' });
    expect(subjectOf('A short guide to sourdough')?.aspect).toBeUndefined();
    expect(subjectOf('The future of coffee')?.meaning.definition).toMatch(/beverage/);
  });

  it('takes the head noun as the subject and the words before it as qualifiers, lower case mid-sentence', () => {
    const subject = subjectOf('Urban beekeeping');
    expect(subject).toMatchObject({ name: 'urban beekeeping', lemma: 'beekeeping' });
    expect(subject?.qualifiers[0]).toMatchObject({
      word: 'urban',
      definition: expect.stringMatching(/city/),
    });
  });

  it('reads plurals and multi-word names', () => {
    expect(subjectOf('An introduction to tides')).toMatchObject({ name: 'tide', lemma: 'tide' });
    expect(subjectOf('Rising sea levels')?.lemma).toBe('sea level');
    expect(subjectOf('Camellia sinensis')?.name).toBe('Camellia sinensis');
  });

  it('picks the meaning the rest of the topic points at', () => {
    expect(subjectOf('tea')?.meaning.lexicalFile).toBe('noun.food');
    expect(subjectOf('the tea shrub')?.meaning.lexicalFile).toBe('noun.plant');
  });

  it('knows when it knows nothing', () => {
    expect(subjectOf('Kubernetes networking')).toBeUndefined();
    expect(subjectOf('🍵🍵')).toBeUndefined();
    expect(subjectOf('')).toBeUndefined();
  });
});
