// What the dashboard's browser suites share: a `folio serve` process with a bootstrap owner who can sign in,
// Debian's Chromium driven by playwright-core, and the sign-in through the login page's own form.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { atFileEnd } from './leak-check.js';
import { tempDir } from './app.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

export const DASHBOARD_EMAIL = 'owner@example.com';
export const DASHBOARD_PASSWORD = 'correct horse battery staple';
const CHROMIUM = process.env.FOLIO_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

/**
 * A server on a fresh data dir whose owner is DASHBOARD_EMAIL / DASHBOARD_PASSWORD and whose bootstrap API key
 * is `apiKey`; `env` adds settings of the suite's own.
 */
export function startDashboardServer(dataDirPrefix: string, apiKey: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({
    ...env,
    FOLIO_DATA_DIR: tempDir(dataDirPrefix),
    FOLIO_BOOTSTRAP_EMAIL: DASHBOARD_EMAIL,
    FOLIO_BOOTSTRAP_PASSWORD: DASHBOARD_PASSWORD,
    FOLIO_BOOTSTRAP_API_KEY: apiKey,
  });
}

let shared: Promise<Browser> | null = null;

/**
 * A new browser context (its own cookies and storage) in the one Chromium this test process shares: the
 * dashboard files run as one group in one process (scripts/run-tests.mjs), each with its own server and its
 * own context, closed in its after(); the browser is closed once the process's files are done (atFileEnd).
 */
export async function newBrowserContext(options: BrowserContextOptions): Promise<BrowserContext> {
  if (!shared) {
    const launching = chromium.launch({ executablePath: CHROMIUM, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
    shared = launching;
    atFileEnd(async () => {
      shared = null;
      await (await launching).close();
    });
  }
  return (await shared).newContext(options);
}

/** Opens `url` signed out: the dashboard sends the page to its login (with ?next=), where the owner signs in. */
export async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForURL(/\/dashboard\/login\?next=/);
  await page.getByLabel('Email').fill(DASHBOARD_EMAIL);
  await page.getByLabel('Password').fill(DASHBOARD_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
