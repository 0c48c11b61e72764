// Browser tests' shared pieces: Debian's Chromium through playwright-core (a missing browser skips loudly locally
// and fails under CI=true), a listening server on a hand-moved game clock with the built web app, log-in through
// the app's own form, and axe-core's check of a screen.
import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { ManualClock } from '../../src/app/clock.ts';
import { PUBLIC_DIR } from '../../src/server/app.ts';
import { type RunningServer, type ServeOptions, serve } from '../../src/server/main.ts';
import { Client, T0 } from './harness.ts';

/** Debian's Chromium. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the browser tests can run here; under CI a missing browser or web build is a failure, not a skip. */
export function browserAvailable(): boolean {
  const missing = [
    !existsSync(CHROMIUM) && `${CHROMIUM} (apt-get install chromium)`,
    !existsSync(`${PUBLIC_DIR}/index.html`) && 'the web build (npm run build)',
  ].filter(Boolean);
  if (missing.length === 0) return true;
  if (process.env.CI === 'true') throw new Error(`browser tests need ${missing.join(' and ')}`);
  process.stderr.write(`\n*** SKIPPING browser tests: ${missing.join(' and ')} missing ***\n\n`);
  return false;
}

/** Starts Chromium headless. */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** A server for a browser test: in memory, on a clock the test moves, scheduler polling fast. */
export interface WebServer {
  readonly server: RunningServer;
  readonly url: string;
  readonly clock: ManualClock;
  /** An API client of the server (accounts, setup the test does not drive through the page). */
  client(name: string, password?: string): Promise<Client>;
  /** Moves the game clock to a local time of Athens ("2025-11-03T20:00") or an instant, and fires what is due. */
  at(when: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the web server at T0 (Monday 3 November 2025, 10:00 in Athens); `extra` adds serve options (mail, push). */
export async function webServer(t0 = T0, extra: Partial<ServeOptions> = {}): Promise<WebServer> {
  const clock = new ManualClock(t0);
  const server = await serve({
    port: 0,
    host: '127.0.0.1',
    db: ':memory:',
    clock,
    logLevel: 'warn',
    pollMs: 20,
    accountOptions: { scryptN: 1024, signupLimit: { max: 10_000, windowMs: 60_000 } },
    print: () => {},
    ...extra,
  });
  return {
    server,
    url: server.url,
    clock,
    async client(name, password = 'password1') {
      const c = new Client(server.app, name);
      const r = await c.req('POST', '/api/accounts', { name, password });
      if (r.status !== 201) throw new Error(r.text);
      return c;
    },
    async at(when) {
      clock.t = /[Z+]/.test(when.slice(10)) ? Date.parse(when) : Date.parse(`${when}:00+02:00`);
      await server.scheduler.pollOnce();
      await server.service.idle();
      // The reminders due by then, and their deliveries.
      await server.notify.notifier.idle();
      await server.notify.notifier.pollOnce();
      await server.notify.notifier.pollOnce();
    },
    close: () => server.close(),
  };
}

/** A page of a fresh context (own cookies), optionally phone-sized, with page errors collected. */
export async function openPage(
  browser: Browser,
  url: string,
  opts: { phone?: boolean; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    locale: opts.locale ?? 'en-US',
    timezoneId: 'Europe/Berlin',
    ...(opts.phone
      ? { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1200, height: 900 } }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 40[134]/.test(m.text())) errors.push(m.text());
  });
  await page.goto(url);
  return { context, page, errors };
}

/** Logs in through the app's form. */
export async function logIn(page: Page, name: string, password = 'password1'): Promise<void> {
  await page.goto(new URL('/#/login', page.url()).href);
  await page.getByLabel(/^(Name|Όνομα|Имя)$/).fill(name);
  await page.getByLabel(/^(Password|Κωδικός|Passwort|Пароль)$/).fill(password);
  await page.locator('form button[type=submit]').click();
  await page.locator('.who .me').waitFor();
}

/** Runs axe-core on the page: no serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
