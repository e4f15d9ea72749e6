/**
 * One kind of section the offline outline generator can write: heading and point templates, where `{topic}`
 * and `{audience}` are filled in. Points are noun phrases, so the prose templates can weave them into sentences.
 */
export interface SectionPattern {
  readonly id: string;
  readonly headings: readonly [string, ...string[]];
  readonly points: readonly [string, ...string[]];
}

/** The embedded library of section patterns, in the order a document presents them. */
export const SECTION_PATTERNS: readonly SectionPattern[] = [
  {
    id: 'background',
    headings: ['Background', 'Where {topic} comes from', 'Setting the scene'],
    points: [
      'the problem that {topic} sets out to address',
      'how thinking about {topic} has developed over time',
      'the vocabulary {audience} will meet when reading about {topic}',
      'why {topic} is getting attention now',
      'the people and communities who shaped {topic}',
    ],
  },
  {
    id: 'key-ideas',
    headings: ['Key ideas', 'The core concepts of {topic}', 'What {topic} is really about'],
    points: [
      'the central idea behind {topic}',
      'the assumptions {topic} rests on',
      'the distinction between the essentials of {topic} and the details',
      'a simple mental model for {topic}',
      'the terms that are easy to confuse',
    ],
  },
  {
    id: 'how-it-works',
    headings: ['How it works', 'Inside {topic}', 'The mechanics of {topic}'],
    points: [
      'the main parts of {topic} and how they fit together',
      'what happens step by step',
      'the inputs {topic} depends on and the results it produces',
      'the trade-offs built into the design',
      'what changes as the scale grows',
    ],
  },
  {
    id: 'examples',
    headings: ['Examples', '{topic} in action', 'Worked examples'],
    points: [
      'a small, everyday example of {topic}',
      'a larger case that shows {topic} under pressure',
      'an example where {topic} is the wrong choice',
      'what the examples have in common',
    ],
  },
  {
    id: 'practical-use',
    headings: ['Practical use', 'Putting {topic} to work', 'Using {topic} day to day'],
    points: [
      'where {topic} pays off first',
      'the tools and habits that make {topic} easier',
      'how {audience} can try {topic} on a small scale',
      'how to tell whether it is working',
      'the costs to budget for',
    ],
  },
  {
    id: 'misconceptions',
    headings: ['Common misconceptions', 'Myths about {topic}', 'What {topic} is not'],
    points: [
      'the most widespread myth about {topic}',
      'why oversimplified accounts of {topic} mislead',
      'claims that sound plausible but do not hold up',
      'how to check a claim about {topic}',
    ],
  },
  {
    id: 'challenges',
    headings: ['Challenges', 'Limits and pitfalls', 'What makes {topic} hard'],
    points: [
      'the mistakes newcomers make most often',
      'the limits of {topic} that are rarely discussed',
      'the risks that grow over time',
      'open disagreements among practitioners',
      'ways to mitigate the main risks',
    ],
  },
  {
    id: 'comparisons',
    headings: [
      'Alternatives and comparisons',
      '{topic} compared',
      'How {topic} differs from the alternatives',
    ],
    points: [
      'the closest alternatives to {topic}',
      'where {topic} is stronger than the alternatives',
      'where the alternatives win',
      'how to choose between them',
    ],
  },
  {
    id: 'impact',
    headings: ['Wider impact', 'Why {topic} matters', 'The bigger picture'],
    points: [
      'who benefits from {topic}',
      'the side effects that are easy to miss',
      'the ethical questions {topic} raises',
      'how {topic} changes the way people work together',
    ],
  },
  {
    id: 'getting-started',
    headings: ['Getting started', 'First steps with {topic}', 'A path for beginners'],
    points: [
      'what {audience} should learn first',
      'a first project that is small enough to finish',
      'the resources worth reading next',
      'how to find people to learn with',
    ],
  },
  {
    id: 'case-study',
    headings: ['A closer look', 'Case study', 'One story in detail'],
    points: [
      'the situation before {topic} was applied',
      'the decisions that were made and why',
      'the outcome and what it cost',
      'the lessons that carry over to other settings',
    ],
  },
  {
    id: 'outlook',
    headings: ['Outlook', 'The future of {topic}', 'Where {topic} is heading'],
    points: [
      'the trends most likely to shape {topic}',
      'the open questions that remain',
      'what {audience} can do next',
      'a short recap of the main ideas',
    ],
  },
];

/** The order in which patterns are chosen when an outline has fewer sections than the library. */
export const PATTERN_PRIORITY: readonly string[] = [
  'background',
  'key-ideas',
  'outlook',
  'how-it-works',
  'practical-use',
  'challenges',
  'examples',
  'misconceptions',
  'comparisons',
  'getting-started',
  'impact',
  'case-study',
];
