/**
 * The console of an orchestrator that needs an API key, in Chromium: it asks for the key, keeps asking while the
 * key is refused, and then shows the runs; the key stays out of the URL and out of cookies.
 */
import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './real-browser.ts';

const KEY = 'console-key-0123456789abcdef';

describe.skipIf(!chromiumAvailable())('the console behind an API key, in Chromium', () => {
  let orchestrator: AppProcess;
  let browser: Browser;

  beforeAll(async () => {
    orchestrator = await startAppProcess('orchestrator', {
      BATON_STORE: 'memory',
      BATON_API_KEYS: KEY,
      AGENT_URLS: 'http://127.0.0.1:9',
    });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await orchestrator?.stop();
  });

  it('asks for the key, refuses a wrong one, and shows the runs with the right one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${orchestrator.url}/`);
    const field = page.getByLabel('API key');
    await field.waitFor({ timeout: 15_000 });
    await field.fill('wrong-key-0123456789');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The key was refused.').waitFor({ timeout: 10_000 });
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Start run' }).waitFor({ timeout: 10_000 });
    expect(page.url()).not.toContain(KEY);
    expect(await context.cookies()).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
