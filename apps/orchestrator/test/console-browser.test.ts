/**
 * The web console in a real browser (Debian's Chromium through playwright-core) against the real chain: three
 * agent processes and the orchestrator, all in memory, plus the conformance agent for the Inspector. Each test
 * saves a screenshot under `.test-results/screenshots`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './real-browser.ts';

const SCREENSHOTS = fileURLToPath(new URL('../.test-results/screenshots/', import.meta.url));

describe.skipIf(!chromiumAvailable())('the web console in Chromium', () => {
  const apps: AppProcess[] = [];
  let orchestrator = '';
  let conformance = '';
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const env = { BATON_STORE: 'memory' };
    const agents = await Promise.all(
      ['outline-agent', 'doc-agent', 'summary-agent', 'conformance-agent'].map((app) =>
        startAppProcess(app, env),
      ),
    );
    apps.push(...agents);
    conformance = agents[3]?.url ?? '';
    const main = await startAppProcess('orchestrator', {
      ...env,
      AGENT_URLS: agents
        .slice(0, 3)
        .map((agent) => agent.url)
        .join(','),
    });
    apps.push(main);
    orchestrator = main.url;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(apps.map((app) => app.stop()));
  });

  async function open(path = '/', width = 1200): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${orchestrator}${path}`);
    (page as Page & { problems?: string[] }).problems = problems;
    return page;
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const problemsOf = (page: Page) => (page as Page & { problems?: string[] }).problems ?? [];

  it('starts a run from a topic, shows each step and the document, and ends with the summary', async () => {
    const page = await open();
    await page.getByLabel('Topic').fill('The history of tea');
    await page.getByLabel('Audience').fill('curious students');
    const start = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/runs'),
    );
    await page.getByRole('button', { name: 'Start run' }).click();
    // The write goes with an Idempotency-Key, which a retry of a lost answer would send again.
    expect((await start).headers()['idempotency-key']).toMatch(/^"[0-9a-f]{32}"$/);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/#\/runs\/[\w-]+$/);
    const summary = page.getByTestId('summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.textContent()).toMatch(/Key points/);
    expect(await page.getByTestId('run-status').textContent()).toBe('completed');
    for (const step of ['outline', 'document', 'summary']) {
      expect(await page.getByTestId(`step-${step}`).textContent()).toContain('completed');
    }
    expect(await page.locator('.markdown h2').count()).toBeGreaterThan(0);
    expect(await page.locator('.timeline li').count()).toBeGreaterThan(5);
    // The summary comes first, under its own heading, with a way down to the document.
    expect(await summary.getByRole('heading', { level: 3 }).textContent()).toBe('Summary');
    const top = async (selector: string) => (await page.locator(selector).boundingBox())?.y ?? Number.NaN;
    expect(await top('[data-testid="summary"]')).toBeLessThan(await top('table.steps'));
    expect(await top('[data-testid="summary"]')).toBeLessThan(await top('[data-testid="document"]'));
    expect(await summary.textContent()).toContain('Tea is a beverage made by steeping tea leaves in water.');
    await summary.getByRole('button', { name: /Read the whole document/ }).click();
    await expect
      .poll(() => page.locator('#document-title').evaluate((node) => node.getBoundingClientRect().top), {
        timeout: 5_000,
      })
      .toBeLessThan(300);
    await shot(page, 'run-completed');
    // The README's picture: the top of a finished run, as a screen shows it.
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(SCREENSHOTS, 'console.png') });
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('plans a goal: shows why and the chain as a graph, checks the edited JSON as you type, and runs the plan', async () => {
    const page = await open();
    await page
      .getByLabel('Goal', { exact: true })
      .fill(
        'Explain how glaciers shape valleys, once for beginners and once for experts, and merge both into one brief',
      );
    await page.getByRole('button', { name: 'Plan', exact: true }).click();
    const why = page.getByRole('list', { name: 'Why this plan' });
    await why.waitFor({ timeout: 10_000 });
    expect(await why.textContent()).toContain('baton.summary takes application/vnd.baton.document+json');
    const names = () => page.locator('[data-testid="chain-graph"] .graph-name').allTextContents();
    expect(await names()).toEqual(['outline', 'document', 'for-beginners', 'for-experts', 'brief']);
    const json = page.getByLabel(/The plan as JSON/);
    const planned = await json.inputValue();
    // An edit that breaks the chain: the orchestrator's checks say where, and it cannot run.
    await json.fill(planned.replace('"result": "brief"', '"result": "nowhere"'));
    const problems = page.getByRole('alert', { name: 'Problems of the plan' });
    await expect
      .poll(() => problems.textContent(), { timeout: 5_000 })
      .toContain('result: names no step: "nowhere"');
    expect(await page.getByRole('button', { name: 'Run the edited plan' }).isDisabled()).toBe(true);
    await json.fill('{ "name": ');
    await expect.poll(() => problems.textContent(), { timeout: 5_000 }).toContain('Not JSON');
    // A valid edit (the brief dropped, the experts' summary the result): the graph redraws, and it runs.
    const edited = JSON.parse(planned) as { name: string; steps: { id: string }[]; result: string };
    edited.name = 'glaciers-for-experts';
    edited.steps = edited.steps.filter((step) => step.id !== 'brief' && step.id !== 'for-beginners');
    edited.result = 'for-experts';
    await json.fill(JSON.stringify(edited, null, 2));
    await expect.poll(names, { timeout: 5_000 }).toEqual(['outline', 'document', 'for-experts']);
    expect(await problems.count()).toBe(0);
    await shot(page, 'plan-edited');
    await page.getByRole('button', { name: 'Run the edited plan' }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/#\/runs\/[\w-]+$/);
    await expect
      .poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 })
      .toBe('completed');
    expect(await page.getByTestId('step-for-experts').textContent()).toContain('completed');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('refines the document of a finished run, follows it live, and switches between its versions', async () => {
    const started = await fetch(`${orchestrator}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'Sourdough baking', wait: true }),
    });
    const { runId } = (await started.json()) as { runId: string };
    const page = await open(`/#/runs/${runId}`);
    const form = page.getByRole('form', { name: 'Refine a step' });
    await form.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('version-document').textContent()).toBe('1 of 1');
    const firstDocument = (await page.getByTestId('document').textContent()) ?? '';
    await form.getByRole('combobox', { name: /^Step/ }).selectOption('document');
    await form.getByLabel('Instruction').fill('Make it shorter');
    expect(await form.getByLabel('Run the steps after it again').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Refine' }).click();
    await expect
      .poll(() => page.getByTestId('version-summary').textContent(), { timeout: 20_000 })
      .toBe('2 of 2');
    expect(await page.getByTestId('version-document').textContent()).toBe('2 of 2');
    expect(await page.getByTestId('run-status').textContent()).toBe('completed');
    const shorter = (await page.getByTestId('document').textContent()) ?? '';
    expect(shorter.length).toBeLessThan(firstDocument.length * 0.85);
    expect(await page.locator('.timeline').textContent()).toContain('refine.completed');
    await shot(page, 'run-refined');
    await page.getByRole('radio', { name: /^1/ }).check({ timeout: 5_000 });
    expect(await page.getByTestId('document').textContent()).toContain(
      firstDocument.replace(/^Document/, ''),
    );
    expect(problemsOf(page)).toEqual([]);
  });

  it('lays the start form out tightly: the Chain label right above its list, on a desktop and a phone', async () => {
    for (const width of [1200, 390]) {
      const page = await open('/', width);
      const select = page.getByLabel('Chain');
      await select.waitFor({ timeout: 10_000 });
      const label = await page.locator('label[for="chain"]').boundingBox();
      const list = await select.boundingBox();
      expect(list && label ? list.y - (label.y + label.height) : Number.NaN).toBeLessThan(12);
      await page.close();
    }
  }, 30_000);

  it('runs another chain chosen in the form, its parallel steps shown, ending with the merged brief', async () => {
    const page = await open();
    await page.getByLabel('Topic').fill('Urban beekeeping');
    await page.getByLabel('Chain').selectOption('audiences');
    await page.getByRole('button', { name: 'Start run' }).click();
    const summary = page.getByTestId('summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await page.locator('#summary-title').textContent()).toMatch(/: a brief$/);
    for (const step of ['for-beginners', 'for-experts', 'brief']) {
      expect(await page.getByTestId(`step-${step}`).textContent()).toContain('completed');
    }
    // One paragraph per audience.
    const paragraphs = await summary.locator('p').allTextContents();
    expect(paragraphs.filter((text) => /^For (beginners|experts): /.test(text))).toHaveLength(2);
    await shot(page, 'run-audiences');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('asks for the topic when it is empty, takes the answer in the page, and completes', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Start run' }).click();
    const question = page.getByRole('form', { name: /agent asks/ });
    await question.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('step-outline').textContent(), { timeout: 5_000 })
      .toContain('input-required');
    await shot(page, 'run-asks');
    await page.getByLabel('Your answer').fill('Bees and pollination');
    await page.getByRole('button', { name: 'Answer' }).click();
    await page.getByTestId('summary').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('run-status').textContent()).toBe('completed');
    expect(await page.locator('#run-title').textContent()).toBe('Bees and pollination');
    const lines = (await page.locator('.timeline li').allTextContents()).map((line) =>
      line.replace(/^\S+ /, ''),
    );
    expect(lines.filter((line, index) => line === lines[index - 1])).toEqual([]);
    // The run keeps the topic it was given in the answer: the API and the list say so.
    const runId = page.url().split('/').at(-1) ?? '';
    const listed = (await (await fetch(`${orchestrator}/runs?limit=50`)).json()) as {
      runs: { runId: string; topic: string }[];
    };
    expect(listed.runs.find((run) => run.runId === runId)?.topic).toBe('Bees and pollination');
    await page.getByRole('link', { name: '← All runs' }).click();
    await expect
      .poll(() => page.locator(`.run-list a[href="#/runs/${runId}"] .topic`).textContent(), {
        timeout: 10_000,
      })
      .toBe('Bees and pollination');
    await shot(page, 'run-answered');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('cancels a run from the page', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByRole('form', { name: /agent asks/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await expect
      .poll(() => page.getByTestId('run-status').textContent(), { timeout: 15_000 })
      .toBe('canceled');
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    await shot(page, 'run-canceled');
    await page.close();
  }, 60_000);

  it('draws a sections run as a graph with its instances, and lists the chains with their versions', async () => {
    const started = await fetch(`${orchestrator}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'Glaciers', chain: 'sections', options: { sections: 4 }, wait: true }),
    });
    const { runId } = (await started.json()) as { runId: string };
    const page = await open(`/#/runs/${runId}`);
    const graph = page.getByTestId('chain-graph');
    await graph.waitFor({ timeout: 10_000 });
    const section = graph.locator('[data-step="section"]');
    expect(await section.getAttribute('data-state')).toBe('done');
    expect(await section.textContent()).toContain('4 of 4 done');
    expect(await graph.locator('[data-step="sections"]').textContent()).toContain('4 items');
    expect(await graph.locator('[data-step="review"]').textContent()).toContain('1 iteration');
    // The review passed at once: its branch took `otherwise`, and the rewrite case is drawn as not taken.
    expect(await graph.locator('[data-taken="true"]').textContent()).toContain('otherwise');
    await shot(page, 'sections-graph');
    await page.getByRole('link', { name: 'Chains' }).click();
    const row = page.getByTestId('chain-sections');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain('1 of 1');
    await row.getByRole('link', { name: 'sections' }).click();
    await page.getByTestId('chain-graph').waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-step="rewritten"]').count()).toBe(1);
    await shot(page, 'chain-page');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows an approval a run waits for, refuses an edit that is not JSON, and approves it', async () => {
    const gated = {
      name: 'gated',
      description: 'an outline a person approves before the document is written',
      steps: [
        { id: 'outline', skill: 'baton.outline', send: [{ topic: true }] },
        {
          id: 'sign-off',
          dependsOn: ['outline'],
          approval: { prompt: 'Write this outline up?', show: 'outline' },
        },
        {
          id: 'document',
          skill: 'baton.document',
          dependsOn: ['sign-off'],
          send: [{ artifact: 'sign-off' }],
        },
      ],
      result: 'document',
    };
    const post = (path: string, body: unknown) =>
      fetch(`${orchestrator}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/chains', gated)).status).toBe(201);
    const { runId } = (await (await post('/runs', { topic: 'Tides', chain: 'gated' })).json()) as {
      runId: string;
    };
    const page = await open(`/#/runs/${runId}`);
    const card = page.getByTestId('approval-sign-off');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toContain('Write this outline up?');
    expect(await page.getByTestId('run-status').textContent()).toBe('input-required');
    await card.getByRole('button', { name: 'Edit before approving' }).click();
    await card.getByLabel('The artifact, as JSON').fill('{ not json');
    expect(await card.getByRole('alert').textContent()).toMatch(/Not JSON/);
    expect(await card.getByRole('button', { name: 'Approve as edited' }).isDisabled()).toBe(true);
    await card.getByLabel('The artifact, as JSON').fill(
      JSON.stringify({
        title: 'Tides',
        topic: 'Tides',
        sections: [{ heading: 'Why', points: ['The moon pulls the sea'] }],
      }),
    );
    await card.getByLabel('Comment').fill('one section is enough');
    await card.getByRole('button', { name: 'Approve as edited' }).click();
    await expect
      .poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 })
      .toBe('completed');
    const view = (await (await fetch(`${orchestrator}/runs/${runId}`)).json()) as {
      approvals: { status: string; comment: string }[];
      artifacts: { document: { sections: unknown[] } };
    };
    expect(view.approvals[0]).toMatchObject({ status: 'approved', comment: 'one section is enough' });
    expect(view.artifacts.document.sections).toHaveLength(1);
    await shot(page, 'approval');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('lists past runs and shows the agents with their cards', async () => {
    const page = await open('/#/runs');
    await page.locator('.run-list li').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('.run-list li').count()).toBeGreaterThanOrEqual(3);
    // Each row says when (a date, not only a time) and, for another chain than the default, which.
    for (const time of await page.locator('.run-list time').allTextContents()) {
      expect(time).toMatch(/^\d{1,2} [A-Z][a-z]{2}(?: \d{4})? \d{2}:\d{2}$/);
    }
    expect(await page.locator('.run-list .chain').allTextContents()).toContain('audiences');
    await page.getByRole('link', { name: 'Agents' }).click();
    await expect.poll(() => page.getByTestId('agent').count(), { timeout: 10_000 }).toBe(3);
    expect(await page.getByText('reachable', { exact: true }).count()).toBe(3);
    expect(await page.getByTestId('agent').first().textContent()).toMatch(/JSONRPC 1\.0/);
    // Skill descriptions are markdown: `code` shows as code, not as backticks.
    for (const text of await page.getByTestId('agent').allTextContents()) expect(text).not.toContain('`');
    await shot(page, 'agents');
    await page.close();
  }, 30_000);

  it('streams a task from the conformance agent in the Inspector, through @baton/client in the page', async () => {
    const page = await open('/#/inspector');
    await page.getByLabel('Agent base URL (or card URL)').fill(conformance);
    await page.getByLabel('Binding').selectOption('HTTP+JSON');
    await page.getByRole('button', { name: 'Read card' }).click();
    await page.getByTestId('inspector-card').waitFor({ timeout: 10_000 });
    await page.getByLabel('Message').fill('hello from the inspector');
    await page.getByRole('button', { name: 'Stream' }).click();
    const events = page.getByTestId('inspector-events');
    await expect.poll(() => events.textContent(), { timeout: 15_000 }).toContain('stream ended');
    const text = (await events.textContent()) ?? '';
    expect(text).toContain('connected over HTTP+JSON 1.0');
    expect(text).toContain('status: completed');
    expect(text).toContain('hello from the inspector');
    await page.getByRole('button', { name: 'Get task' }).click();
    await expect.poll(() => events.textContent()).toMatch(/get: task [\w-]+: completed/);
    await shot(page, 'inspector');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  }, 30_000);

  it("shows a DataPart in the Inspector as data: the outline agent's title and sections", async () => {
    // An outline agent that lets this console's origin call it from the browser.
    const agent = await startAppProcess('outline-agent', {
      BATON_STORE: 'memory',
      BATON_CORS_ORIGINS: new URL(orchestrator).origin,
    });
    apps.push(agent);
    const outlineAgent = agent.url;
    const page = await open('/#/inspector');
    await page.getByLabel('Agent base URL (or card URL)').fill(outlineAgent);
    await page.getByRole('button', { name: 'Read card' }).click();
    await page.getByTestId('inspector-card').waitFor({ timeout: 10_000 });
    await page.getByLabel('Message').fill('The history of tea');
    await page.getByRole('button', { name: 'Stream' }).click();
    const data = page.getByTestId('inspector-data').first();
    await data.waitFor({ timeout: 15_000 });
    const text = (await data.textContent()) ?? '';
    expect(text).toContain('titleThe history of tea');
    expect(text).toContain('What tea is');
    expect(text).not.toContain('{');
    expect(await data.locator('dt').first().textContent()).toBe('title');
    await shot(page, 'inspector-data');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  }, 30_000);

  it('shows why a card cannot be read', async () => {
    const page = await open('/#/inspector');
    await page.getByLabel('Agent base URL (or card URL)').fill(`${orchestrator}/runs`);
    await page.getByRole('button', { name: 'Read card' }).click();
    await page.getByTestId('inspector-problem').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('inspector-problem').textContent()).toMatch(/card/i);
    await page.close();
  }, 30_000);

  it('fits a phone-width screen without sideways scrolling, and starts a run with the keyboard alone', async () => {
    const page = await open('/', 390);
    for (let presses = 0; presses < 10; presses += 1) {
      if ((await page.evaluate('document.activeElement?.name')) === 'topic') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate('document.activeElement?.name')).toBe('topic');
    await page.keyboard.type('Keyboards');
    await page.keyboard.press('Enter');
    await page.getByTestId('summary').waitFor({ timeout: 30_000 });
    const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    // No word of the steps table is split over two lines ("compl/eted"): each word lays out on one line.
    const broken = await page.evaluate(`(() => {
      const split = [];
      for (const cell of document.querySelectorAll('table.steps th, table.steps td')) {
        if (cell.offsetParent === null) continue;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) split.push(match[0]);
          }
        }
      }
      return split;
    })()`);
    expect(broken).toEqual([]);
    await shot(page, 'phone');
    // The runs list shows whole topics, each on a line of its own if need be.
    await page.getByRole('link', { name: '← All runs' }).click();
    await page.locator('.run-list li').first().waitFor({ timeout: 10_000 });
    const clipped = await page.evaluate(
      `[...document.querySelectorAll('.run-list .topic')].filter((topic) => topic.scrollWidth > topic.clientWidth).map((topic) => topic.textContent)`,
    );
    expect(clipped).toEqual([]);
    await shot(page, 'phone-runs');
    await page.close();
  }, 60_000);
});
