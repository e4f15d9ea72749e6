import type { Outline, OutlineOptions, OutlineSection } from '../contracts/outline.ts';
import type { OutlineGenerator } from './generators.ts';
import { outlineOptionsFor, readInstruction } from './instruction.ts';
import { PATTERN_PRIORITY, SECTION_PATTERNS, type SectionPattern } from './section-patterns.ts';
import { stableHash, stablePick } from './stable-pick.ts';
import { topicPhrase } from './topic-phrase.ts';
import { capitalize, cleanTopic, shortenText } from './topic-text.ts';

const DEFAULT_AUDIENCE = 'general readers';

/** How many sections and points per section each requested length gets by default. */
const LENGTH_SHAPES = {
  short: { sections: 3, points: 2 },
  medium: { sections: 4, points: 3 },
  long: { sections: 6, points: 4 },
} as const;

const TITLE_TEMPLATES = {
  short: ['{Topic} in brief', '{Topic}: the essentials', 'A quick guide to {topic}'],
  medium: ['{Topic}: an overview', 'Understanding {topic}', '{Topic} explained'],
  long: ['{Topic}: an in-depth guide', 'A complete guide to {topic}', '{Topic}, from the ground up'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

/** Builds an outline from a topic and options without a model; the same input always gives the same outline. */
export function buildOfflineOutline(topic: string, options: OutlineOptions = {}): Outline {
  const fullTopic = cleanTopic(topic);
  const shortTopic = shortenText(fullTopic, 60);
  const length = options.length ?? 'medium';
  const shape = LENGTH_SHAPES[length];
  const audience = options.audience?.trim() || DEFAULT_AUDIENCE;
  const seed = `${fullTopic}|${length}|${audience}`;
  const phrase = topicPhrase(shortTopic);
  // `{topic}` is the topic the first time in a section and a short reference after that, so the outline does
  // not repeat the whole topic in every point.
  const fill = (template: string, mention = 0) =>
    template
      .replaceAll('{Topic}', phrase.atStart)
      .replaceAll(
        '{topic}',
        mention === 0
          ? phrase.inSentence
          : (phrase.references[(mention - 1) % phrase.references.length] ?? ''),
      )
      .replaceAll('{audience}', audience);
  const sections = choosePatterns(options.sections ?? shape.sections).map((pattern): OutlineSection => {
    let mentions = 0;
    const points = choosePoints(pattern, shape.points, `${seed}|${pattern.id}`).map((point) => {
      const filled = fill(point, mentions);
      if (point.includes('{topic}')) mentions += 1;
      return filled;
    });
    return {
      heading: capitalize(fill(stablePick(pattern.headings, `${seed}|${pattern.id}|heading`))),
      points,
    };
  });
  return {
    title: fill(stablePick(TITLE_TEMPLATES[length], `${seed}|title`)),
    topic: fullTopic,
    audience,
    sections,
  };
}

/**
 * The offline outline generator: deterministic, no network, built from the embedded section patterns. An instruction
 * changes the options it builds with ("shorter", "in 5 sections", "for experts").
 */
export function createOfflineOutlineGenerator(): OutlineGenerator {
  return {
    async outline({ topic, options, signal, instruction }) {
      signal.throwIfAborted();
      return buildOfflineOutline(topic, outlineOptionsFor(options, readInstruction(instruction)));
    },
  };
}

/** Takes the first `count` patterns by priority, then presents them in the library's reading order. */
function choosePatterns(count: number): SectionPattern[] {
  const wanted = new Set(PATTERN_PRIORITY.slice(0, Math.max(1, count)));
  return SECTION_PATTERNS.filter((pattern) => wanted.has(pattern.id));
}

/** A deterministic window of `count` points, starting at an offset chosen by the seed, in template order. */
function choosePoints(pattern: SectionPattern, count: number, seed: string): string[] {
  const total = pattern.points.length;
  const start = stableHash(seed) % total;
  const indexes = Array.from({ length: Math.min(count, total) }, (_, step) => (start + step) % total);
  return indexes
    .sort((left, right) => left - right)
    .map((index) => pattern.points[index] ?? pattern.points[0]);
}
