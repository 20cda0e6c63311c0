import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './serve.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the built site. */
    baseUrl: string;
    /** Chromium executable. */
    chromium: string;
  }
}

const www = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Build the site to `www/dist`, serve it on a free port, and make sure Chromium is there.
 *
 * @param project The e2e project, to hand the URL and browser path to the tests.
 * @returns Teardown that stops the server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = findChromium();
  await build({ configFile: `${www}vite.config.ts`, logLevel: 'warn' });
  const server = await serveStatic(`${www}dist`);
  project.provide('baseUrl', server.url);
  project.provide('chromium', chromium);
  return () => server.close();
}

/**
 * The Chromium to drive: `$CHROMIUM_PATH` or Debian's `/usr/bin/chromium`, installed with apt
 * when missing and we are root. Browsers are never downloaded.
 */
function findChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH) {
    execSync('apt-get update && apt-get install -y chromium', { stdio: 'inherit' });
    if (existsSync(path)) return path;
  }
  throw new Error(
    `Chromium not found at ${path}: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}
