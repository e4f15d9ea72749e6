import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium; `.ci/run` installs it with apt-get when it is missing. */
export const CHROMIUM = process.env.BATON_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Whether the browser tests can run: Chromium present. Under `CI=true` a missing Chromium is an error (the
 * tests must not pass by skipping); elsewhere one line says what is needed and the suite skips.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM} (apt-get install -y chromium); CI must have it`,
    );
  }
  console.log(`skipping the browser tests: they need Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  return false;
}

/**
 * Headless Chromium: no GPU, no sandbox (containers), no background traffic, and a fresh profile (playwright
 * gives every launch its own temporary user data dir and removes it on close).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
