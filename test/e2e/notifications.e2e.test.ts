// Notifications in a real browser (issue 26): the password reset end to end by e-mail (the address verified through
// the settings page and the mailed link, the reset asked for from the log-in page, the mailed link followed, the
// new password set, every old session ended); and the browser's side of notifications: the permission flow, the
// service worker's registration and a pushed message it shows, a reminder arriving while the page is open (the bell's
// count and the Notification API), the list and its read marks. The browser's own push service cannot be reached
// here: a subscription to it fails, and the page says notifications show while a page is open.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launch, logIn, openPage, type WebServer, webServer } from '../support/browser.ts';
import { startedGame } from '../support/harness.ts';
import { type Mailbox, mailbox } from '../support/mailbox.ts';

const run = browserAvailable();

describe.skipIf(!run)('notifications in the browser', () => {
  let w: WebServer;
  let browser: Browser;
  let mbox: Mailbox;

  beforeAll(async () => {
    mbox = await mailbox();
    w = await webServer(undefined, { smtp: mbox.url, notifyPollMs: 300 });
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
    await mbox?.close();
  });

  /** The link a mail to `to` carries to `path` (the newest such mail). */
  async function linkTo(to: string, path: string): Promise<string> {
    let found: string | undefined;
    for (let i = 0; i < 100 && !found; i++) {
      const m = [...mbox.messages].reverse().find((x) => x.to[0] === to && x.mail.text?.includes(`/#/${path}/`));
      found = m && new RegExp(`https?://[^\\s]+/#/${path}/[A-Za-z0-9_-]+`).exec(m.mail.text ?? '')?.[0];
      if (!found) await new Promise((r) => setTimeout(r, 50));
    }
    if (!found) throw new Error(`no ${path} mail to ${to}`);
    return found;
  }

  it('the password reset works end to end by e-mail', async () => {
    await w.client('Rhea');
    const { page, errors, context } = await openPage(browser, w.url);
    await logIn(page, 'Rhea');
    // The address, verified through the settings page and the mailed link.
    await page.goto(`${w.url}/#/settings`);
    await page.getByLabel('E-mail address').fill('rhea@example.org');
    await page.getByRole('button', { name: 'Send a verification link' }).click();
    await page.getByText('A verification link is on its way').waitFor();
    await page.goto(await linkTo('rhea@example.org', 'verify-email'));
    await page.getByText('rhea@example.org is verified').waitFor();
    await page.goto(`${w.url}/#/settings`);
    await expect.poll(() => page.getByTestId('mail-state').textContent()).toBe('rhea@example.org (verified)');
    await expectAccessible(page, 'settings');
    // A second browser, logged in too: its session ends with the reset.
    const other = await openPage(browser, w.url);
    await logIn(other.page, 'Rhea');
    // Forgotten: asked for from the log-in page of a fresh browser.
    const fresh = await openPage(browser, `${w.url}/#/login`);
    await fresh.page.getByRole('link', { name: 'Forgot your password?' }).click();
    await fresh.page.getByLabel('Your name or verified e-mail address').fill('Rhea');
    await fresh.page.getByRole('button', { name: 'Send me a reset link' }).click();
    await fresh.page.getByText('If an account with a verified address matches').waitFor();
    await expectAccessible(fresh.page, 'forgot');
    const reset = await linkTo('rhea@example.org', 'reset');
    await fresh.page.goto(reset);
    await fresh.page.getByLabel('New password', { exact: true }).fill('a-new-password');
    await fresh.page.getByLabel('The new password again').fill('a-new-password');
    await fresh.page.getByRole('button', { name: 'Set the password' }).click();
    await fresh.page.getByText('Your password is changed').waitFor();
    // The link works once.
    await fresh.page.goto(`${w.url}/#/`);
    await fresh.page.goto(reset);
    await fresh.page.getByLabel('New password', { exact: true }).fill('another-password');
    await fresh.page.getByLabel('The new password again').fill('another-password');
    await fresh.page.getByRole('button', { name: 'Set the password' }).click();
    await fresh.page.getByText('this link is unknown, used or expired').waitFor();
    // The old sessions are over; the new password logs in, the old one does not.
    expect(await other.page.evaluate(`fetch('/api/me').then((r) => r.status)`)).toBe(401);
    await logIn(fresh.page, 'Rhea', 'a-new-password');
    const again = await openPage(browser, `${w.url}/#/login`);
    await again.page.getByLabel('Name').fill('Rhea');
    await again.page.getByLabel('Password').fill('password1');
    await again.page.locator('form button[type=submit]').click();
    await again.page.getByText('wrong name or password').waitFor();
    // (The used link's refusal is a 400 the page shows; nothing else went wrong.)
    expect([...errors, ...fresh.errors].filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  }, 60_000);

  it('permission, service worker, a reminder shown while the page is open, the list and its read marks', async () => {
    const g = await startedGame({ client: (n: string) => w.client(n) }, 'N', { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'en', title: 'Bells' });
    const { page, context, errors } = await openPage(browser, w.url);
    await context.grantPermissions(['notifications'], { origin: w.url });
    // What the page hands the browser's Notification API, recorded.
    await page.addInitScript(`
      window.shown = [];
      const Real = window.Notification;
      const Spy = function (title, options) {
        window.shown.push({ title, body: (options && options.body) || '', tag: (options && options.tag) || '' });
        return new Real(title, options);
      };
      Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
      Spy.requestPermission = Real.requestPermission.bind(Real);
      window.Notification = Spy;
      window.fromWorker = [];
      navigator.serviceWorker.addEventListener('message', (e) => window.fromWorker.push(e.data));
    `);
    // The page opened before the script was added: a reload runs it.
    await page.reload();
    await logIn(page, 'NAnna');
    await page.goto(`${w.url}/#/settings`);
    await page.getByRole('button', { name: 'Turn on notifications in this browser' }).click();
    // Allowed; the service worker is registered; the browser's push service is out of reach here.
    await expect.poll(() => page.getByTestId('browser-state').textContent()).toContain('while a page of Narrator is open');
    const scope = await page.evaluate(`navigator.serviceWorker.getRegistration('/').then((r) => r && r.scope)`);
    expect(scope).toBe(`${w.url}/`);
    // The worker takes a pushed message (delivered through the DevTools protocol, as a push service would): it shows
    // it (headless Chromium keeps no notification to list) and tells the open page, which asks for its list.
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((ok) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const r = e.registrations.find((x) => x.scopeURL === `${w.url}/`);
        if (r) ok(r.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: w.url,
      registrationId: await registration,
      data: JSON.stringify({ id: 'pushed-1', kind: 'reminder', title: 'Pushed title', body: 'Pushed body', url: `${w.url}/#/` }),
    });
    await expect.poll(() => page.evaluate('window.fromWorker')).toEqual([{ type: 'push', id: 'pushed-1' }]);
    // A reminder arrives while the page is open: the bell counts it and the browser shows it.
    await page.goto(`${w.url}/#/games/${g.id}/main`);
    // The role message of the deal is there already (a private message from the narrator), unread.
    await expect.poll(() => page.getByTestId('bell').getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await w.at('2025-11-03T17:00');
    await expect.poll(() => page.getByTestId('bell').getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 2 unread');
    const shown = (await page.evaluate('window.shown')) as { title: string; body: string }[];
    expect(shown.map((s) => s.title)).toEqual(['3 hours to go in “Bells”']);
    expect(shown[0]!.body).toContain('Vote: …');
    // The list, and its read marks.
    await page.getByTestId('bell').click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await expect.poll(() => page.locator('.notice-list li.unread').count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.locator('.notice-list li[data-kind=reminder]').first().textContent()).toContain('3 hours to go in “Bells”');
    await expectAccessible(page, 'notifications');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.locator('.notice-list li.unread').count()).toBe(0);
    await expect.poll(() => page.getByTestId('bell').getAttribute('aria-label')).toBe('Notifications');
    // Chromium says why its push service is out of reach here (a test profile is "incognito" to it); nothing else.
    expect(errors.filter((e) => !/does not support the Push API in incognito mode/.test(e))).toEqual([]);
    await context.close();
  }, 60_000);
});
