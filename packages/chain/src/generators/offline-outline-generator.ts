import type { Outline, OutlineOptions, OutlineSection } from '../contracts/outline.ts';
import { loadKnowledgeSource } from '../knowledge/knowledge-source.ts';
import { type KnowledgeSource, knowledgeOf } from '../knowledge/topic-knowledge.ts';
import type { OutlineGenerator } from './generators.ts';
import { outlineOptionsFor, readInstruction } from './instruction.ts';
import { stablePick } from './stable-pick.ts';
import { topicPhrase } from './topic-phrase.ts';
import { capitalize, cleanTopic, shortenText } from './topic-text.ts';

const DEFAULT_AUDIENCE = 'general readers';

/** How many sections and points per section each requested length gets at most. */
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

/**
 * Builds an outline from what the offline source knows of the topic (see `knowledgeOf`): a section per side of it
 * the source covers, in reading order, each point a fact. The length caps the sections and points; a topic the
 * source covers thinly gets fewer sections rather than padding, and one it does not know gets one section saying
 * so. The same input always gives the same outline.
 */
export function buildOfflineOutline(
  topic: string,
  options: OutlineOptions,
  source: KnowledgeSource,
): Outline {
  const fullTopic = cleanTopic(topic);
  const length = options.length ?? 'medium';
  const shape = LENGTH_SHAPES[length];
  const audience = options.audience?.trim() || DEFAULT_AUDIENCE;
  const knowledge = knowledgeOf(fullTopic, source);
  const wanted = Math.max(1, options.sections ?? shape.sections);
  const aspect = knowledge.sections.filter((section) => section.id === 'aspect');
  const others = knowledge.sections.filter((section) => section.id !== 'aspect');
  const chosen = [...others.slice(0, Math.max(1, wanted - aspect.length)), ...aspect].slice(
    0,
    Math.max(wanted, 1),
  );
  const sections = chosen.map(
    (section): OutlineSection => ({
      heading: capitalize(section.heading),
      points: section.facts.slice(0, shape.points).map((fact) => fact.point) as [string, ...string[]],
    }),
  );
  const phrase = topicPhrase(shortenText(fullTopic, 60));
  const title = knowledge.subject
    ? stablePick(TITLE_TEMPLATES[length], `${fullTopic}|${length}|${audience}|title`)
        .replaceAll('{Topic}', phrase.atStart)
        .replaceAll('{topic}', phrase.inSentence)
    : phrase.atStart;
  return { title, topic: fullTopic, audience, sections };
}

/**
 * The offline outline generator: no model, no network; facts from the WordNet database (loaded on first use). An
 * instruction changes the options it builds with ("shorter", "in 5 sections", "for experts").
 */
export function createOfflineOutlineGenerator(): OutlineGenerator {
  return {
    async outline({ topic, options, signal, instruction }) {
      const source = await loadKnowledgeSource();
      signal.throwIfAborted();
      return buildOfflineOutline(topic, outlineOptionsFor(options, readInstruction(instruction)), source);
    },
  };
}
