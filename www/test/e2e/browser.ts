import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Flags for headless Chromium in a closed network: no background traffic, no sandbox. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Launch the Chromium found by the global setup. */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromium'), args: ARGS });
}

/** A page and the errors it logged. */
export interface Visit {
  page: Page;
  /** Console errors, uncaught exceptions and failed requests, as they happen. */
  errors: string[];
}

/**
 * Open the site in a fresh context (own storage, clipboard access).
 *
 * @param browser Browser.
 * @param options Viewport and an optional URL fragment (`#s=…`) or full URL.
 * @returns The page and its error log.
 */
export async function visit(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    url?: string;
    colorScheme?: 'light' | 'dark';
    /** A context to open the page in (its own viewport and init scripts). */
    context?: BrowserContext;
  } = {},
): Promise<Visit> {
  const base = inject('baseUrl');
  const context =
    options.context ??
    (await browser.newContext({
      viewport: options.viewport ?? DESKTOP,
      acceptDownloads: true,
      colorScheme: options.colorScheme ?? 'light',
    }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(base).origin,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()}`));
  await page.goto(options.url ?? base);
  try {
    await splitDone(page);
  } catch (error) {
    throw new Error(
      `The page never showed its chunks. Page errors: ${errors.join(' | ') || 'none'}`,
      {
        cause: error,
      },
    );
  }
  // A worker that failed to load leaves the page "ready" with an error: that is a failure too.
  const failed = await page.locator('#error').textContent();
  if (failed?.includes('The worker failed')) throw new Error(failed);
  return { page, errors };
}

/** Wait until the page has split what it shows (the typing pause and the worker are done). */
export async function splitDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.phase === 'ready', null, {
    timeout: 20_000,
  });
}

/** The text in the source editor (its `#source` element reads like a text area's value). */
export function sourceText(page: Page): Promise<string> {
  return page.locator('#source').evaluate((element) => (element as HTMLTextAreaElement).value);
}

/** The chunk count in the summary. */
export async function chunkCount(page: Page): Promise<number> {
  return Number((await page.locator('#chunk-count').textContent())?.replace(/,/g, ''));
}

/** Save a screenshot to `www/test/screenshots/<name>.png`. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage });
}
