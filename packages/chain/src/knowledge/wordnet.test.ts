import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWordNet, parseDataLine, wordnetDictionaryPath } from './wordnet.ts';

const wordnet = openWordNet();
afterAll(() => wordnet.close());

describe('openWordNet', () => {
  it('looks a lemma up, most frequent meaning first, with its definition, examples and relations', () => {
    const [beverage, meal, ...others] = wordnet.lookup('tea');
    const plant = others.find((meaning) => meaning.lexicalFile === 'noun.plant');
    expect(beverage).toMatchObject({
      lexicalFile: 'noun.food',
      words: ['tea'],
      definition: 'a beverage made by steeping tea leaves in water',
      examples: ['iced tea is a cooling drink'],
    });
    expect(meal?.words).toEqual(['tea', 'afternoon tea', 'teatime']);
    expect(plant?.words).toContain('Camellia sinensis');
    const kindOf = beverage?.pointers.find((pointer) => pointer.relation === 'kind-of');
    expect(wordnet.synset(kindOf?.offset ?? 0, 'n').words[0]).toBe('beverage');
    const madeOf = beverage?.pointers.filter((pointer) => pointer.relation === 'made-of') ?? [];
    expect(madeOf.map((pointer) => wordnet.synset(pointer.offset, 'n').words[0])).toContain('caffeine');
  });

  it('finds every lemma of the index by its binary search (every 40th line checked), and nothing else', () => {
    const lines = readFileSync(join(wordnetDictionaryPath(), 'index.noun'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('  '));
    for (let index = 0; index < lines.length; index += 40) {
      const lemma = lines[index]?.slice(0, lines[index]?.indexOf(' ')) ?? '';
      expect(wordnet.lookup(lemma).length, lemma).toBeGreaterThan(0);
    }
    expect(wordnet.lookup(lines.at(-1)?.split(' ')[0] ?? '').length).toBeGreaterThan(0);
    for (const missing of ['kubernetes', 'zzzz', '', ' ', 'tea leaf x', '\u0000', '\uffff']) {
      expect(wordnet.lookup(missing)).toEqual([]);
    }
  });

  it('puts the best-connected meaning first where WordNet has no frequencies: chess the game, not the weed', () => {
    expect(wordnet.lookup('chess')[0]?.definition).toMatch(/^a board game/);
  });

  it('reads multi-word lemmas and other parts of speech', () => {
    expect(wordnet.lookup('Camellia sinensis')[0]?.definition).toMatch(/evergreen shrub/);
    expect(wordnet.lookup('urban', 'a')[0]?.definition).toMatch(/city/);
  });
});

describe('parseDataLine', () => {
  it('splits the definition from its quoted examples, keeping semicolons inside the definition', () => {
    const synset = parseDataLine(
      '07949081 13 n 02 tea 2 tea_leaf 0 001 @ 07827392 n 0000 | dried leaves of the tea shrub; used to make tea; "the store shelves held many different kinds of tea"; "they threw the tea into Boston harbor"  ',
    );
    expect(synset).toMatchObject({
      offset: 7949081,
      words: ['tea', 'tea leaf'],
      definition: 'dried leaves of the tea shrub; used to make tea',
      examples: [
        'the store shelves held many different kinds of tea',
        'they threw the tea into Boston harbor',
      ],
      pointers: [{ relation: 'kind-of', offset: 7827392, pos: 'n' }],
    });
  });
});
