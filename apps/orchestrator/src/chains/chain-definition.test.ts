import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycle, planWaves } from './chain-definition.ts';
import { loadChains, parseChainDefinition, readChains, SHIPPED_CHAINS_DIR } from './load-chains.ts';

const step = (id: string, dependsOn: string[] = [], send: object[] = [{ topic: true }]) => ({
  id,
  skill: 'baton.summary',
  dependsOn,
  send,
});

const definition = (steps: object[], result = 'a') =>
  JSON.stringify({ name: 'test', description: 'A test chain', steps, result });

const refusal = (text: string) => {
  try {
    parseChainDefinition(text, 'test.json');
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('chain definitions', () => {
  it('ships a default chain (outline → document → summary), a parallel one, a routed one and a sectioned one, all valid', () => {
    const chains = loadChains();
    expect(chains.map((chain) => chain.name)).toEqual(['default', 'audiences', 'routed', 'sections']);
    const [main, audiences] = chains;
    expect(planWaves(main?.steps ?? [])).toEqual([['outline'], ['document'], ['summary']]);
    expect(planWaves(audiences?.steps ?? [])).toEqual([
      ['outline'],
      ['document'],
      ['for-beginners', 'for-experts'],
      ['brief'],
    ]);
    expect(main?.steps[0]).toMatchObject({ kind: 'task', timeoutMs: 120_000 });
  });

  it('reads a folder of definitions, refusing each bad file with its reason while the good ones load', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-chains-'));
    try {
      const shipped = readFileSync(join(SHIPPED_CHAINS_DIR, 'default.json'), 'utf8');
      writeFileSync(join(dir, 'a-default.json'), shipped);
      writeFileSync(join(dir, 'b-broken.json'), '{ "name": ');
      writeFileSync(join(dir, 'c-twin.json'), shipped);
      writeFileSync(join(dir, 'notes.txt'), 'not a chain');
      const { chains, refused } = readChains(dir);
      expect(chains.map((chain) => chain.name)).toEqual(['default']);
      expect(refused).toHaveLength(2);
      expect(refused[0]).toMatch(/^b-broken\.json: not JSON/);
      expect(refused[1]).toBe('c-twin.json: the name "default" is already taken by another definition');
      expect(() => loadChains(dir)).toThrow(/b-broken\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [
      definition([step('a', ['b']), step('b', ['a'])]),
      'steps[0].dependsOn: forms a cycle (each step waits for the next): a → b → a',
    ],
    [definition([step('a', ['a'])]), 'steps[0].dependsOn[0]: a step cannot depend on itself'],
    [definition([step('a', ['nope'])]), 'steps[0].dependsOn[0]: names no step: "nope"'],
    [
      definition([step('b'), step('a', [], [{ artifact: 'b' }])]),
      'steps[1].send[0].artifact: reads the artifact of "b", which "a" does not depend on',
    ],
    [
      definition([step('a', [], [{ artifact: 'ghost' }])]),
      'steps[0].send[0].artifact: names no step: "ghost"',
    ],
    [definition([step('a'), step('a')]), 'steps[1].id: duplicates step "a"'],
    [definition([step('a')], 'z'), 'result: names no step: "z"'],
    [
      definition([{ id: 'a', send: [{ topic: true }] }]),
      'steps[0]: needs one of skill or agent (a task), branch, loop, map, chain or approval',
    ],
    [
      definition([{ ...step('a'), agent: 'http://127.0.0.1:1' }]),
      'steps[0]: needs exactly one of skill and agent',
    ],
    // Control flow: each problem at its path, nested ones too.
    [
      definition(
        [step('a'), { id: 'b', dependsOn: ['a'], loop: { until: 'true', steps: [step('c')], result: 'c' } }],
        'b',
      ),
      'steps[1].loop.maxIterations: Invalid input',
    ],
    [
      definition(
        [
          step('a'),
          { id: 'b', dependsOn: ['a'], map: { over: 'a.sections.', steps: [step('c')], result: 'c' } },
        ],
        'b',
      ),
      'steps[1].map.over: `a.sections.` does not parse',
    ],
    [
      definition([step('a'), { id: 'b', map: { over: 'a.sections', steps: [step('c')], result: 'c' } }], 'b'),
      'steps[1].map.over: `a.sections` Unknown variable: a',
    ],
    [definition([step('a', [], [{ item: true }])]), 'steps[0].send[0].item: reads an item outside a map'],
    [
      definition(
        [
          step('a'),
          { id: 'b', dependsOn: ['a'], map: { over: 'a.list', steps: [step('c', ['a'])], result: 'c' } },
        ],
        'b',
      ),
      'steps[1].map.steps[0].dependsOn[0]: names a step outside this block: "a"',
    ],
    [
      definition(
        [
          step('a'),
          {
            id: 'b',
            dependsOn: ['a'],
            branch: {
              cases: [{ when: 'a.ok', steps: [step('c'), step('d', ['c'])], result: 'd' }],
              otherwise: { steps: [], result: 'zz' },
            },
          },
        ],
        'b',
      ),
      'steps[1].branch.otherwise.result: names no step: "zz"',
    ],
    [
      definition(
        [
          step('a'),
          {
            id: 'b',
            dependsOn: ['a'],
            branch: { cases: [{ when: 'a.ok', steps: [step('a')], result: 'a' }] },
          },
        ],
        'b',
      ),
      'steps[1].branch.cases[0].steps[0].id: duplicates step "a"',
    ],
    [
      definition(
        [
          step('a'),
          {
            id: 'b',
            dependsOn: ['a'],
            loop: { until: 'c.done', maxIterations: 2, unitl: 'x', steps: [step('c')], result: 'c' },
          },
        ],
        'b',
      ),
      'steps[1].loop: Unrecognized key: "unitl"',
    ],
    [
      definition(
        [
          step('a'),
          { id: 'b', skill: 'x', loop: { until: 'true', maxIterations: 1, steps: [step('c')], result: 'c' } },
        ],
        'b',
      ),
      'steps[1]: is a step of one kind only: it has keys of task and loop',
    ],
    [definition([{ ...step('a'), send: [{ topic: true, text: 'x' }] }]), 'steps[0].send[0]'],
    [definition([{ ...step('a'), timeoutMs: 5 }]), 'steps[0].timeoutMs'],
    [definition([{ ...step('A b') }]), 'steps[0].id: must be lower-case letters'],
    [
      definition([
        step('a'),
        {
          id: 'b',
          dependsOn: ['a'],
          map: { over: 'a.items.map(x, x.map(y, y.map(z, z)))', steps: [step('c')], result: 'c' },
        },
      ]),
      'nests more than 2 comprehensions',
    ],
    [
      definition([step('a'), { id: 'b', chain: { from: 'a' } }], 'b'),
      'steps[1].chain.from: reads the artifact of "a", which "b" does not depend on',
    ],
    [
      definition([step('a'), { id: 'b', dependsOn: ['a'], chain: { name: 'default', from: 'a' } }], 'b'),
      'steps[1].chain: names a chain: give `name` or `from`, one of them',
    ],
    [
      definition([step('a'), { id: 'b', dependsOn: ['a'], chain: { from: 'a', version: 2 } }], 'b'),
      'steps[1].chain.version: the artifact of `from` names the version',
    ],
    [
      definition(
        [step('a'), { id: 'b', dependsOn: ['a'], approval: { prompt: 'ok?', show: 'a', data: {} } }],
        'b',
      ),
      "steps[1].approval.data: shows a step's artifact or data, not both",
    ],
    ['{ not json', 'test.json: not JSON'],
  ])('refuses a bad definition, naming the path: %#', (text, message) => {
    const refused = refusal(text);
    expect(refused).toMatch(/^test\.json: /);
    expect(refused).toContain(message);
  });

  it('accepts a step that reads an artifact from further up the graph, and runs independent steps in one wave', () => {
    const chain = parseChainDefinition(
      definition(
        [
          step('a'),
          step('b', ['a']),
          step('c', ['a']),
          step('d', ['b', 'c'], [{ artifact: 'a' }, { artifact: 'c' }]),
        ],
        'd',
      ),
      'test.json',
    );
    expect(planWaves(chain.steps)).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('finds a cycle through several steps', () => {
    expect(findCycle([step('a', ['c']), step('b', ['a']), step('c', ['b'])])).toEqual(['a', 'c', 'b', 'a']);
    expect(findCycle([step('a'), step('b', ['a'])])).toBeUndefined();
  });
});
