// Notifications beyond the vote reminders (issue 26), in process against a real SMTP server and a decrypting push
// service: the password reset by mail, e-mail off without --smtp, the one-click unsubscribe, a push subscription the
// service reports gone, the plan following a moved and a paused deadline, the moderator's leads and digest, and the
// list's private messages, team chat, mentions and quotes (muted games and channels left out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './support/harness.ts';
import { NINE, startedGame } from './support/harness.ts';
import { type Mailbox, mailbox } from './support/mailbox.ts';
import { BASE, notifyHarness } from './support/notify-harness.ts';
import { type PushService, pushService } from './support/push-service.ts';

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Monday's close in Athens (20:00). */
const CLOSE = Date.parse('2025-11-03T18:00:00Z');

let mbox: Mailbox;
let ps: PushService;
beforeAll(async () => {
  mbox = await mailbox();
  ps = await pushService();
});
afterAll(async () => {
  await mbox.close();
  await ps.close();
});

async function verified(c: Client, email: string): Promise<void> {
  const before = mbox.messages.length;
  expect((await c.req('POST', '/api/me/email', { email })).status).toBe(202);
  await mbox.waitFor(before + 1);
  const token = /#\/verify-email\/([A-Za-z0-9_-]+)/.exec(mbox.messages[before]!.mail.text ?? '')![1]!;
  expect((await c.req('POST', '/api/email/verify', { token })).status).toBe(200);
}

const items = async (c: Client) =>
  (await c.req('GET', '/api/notifications')).json.items as { id: string; kind: string; read: boolean; data: Record<string, any> }[];

describe('password reset by mail', () => {
  it('one-use link with an expiry, the same answer for every login, every session ended, rate-limited', async () => {
    const h = await notifyHarness({ smtp: mbox.url });
    const anna = await h.client('Anna');
    await verified(anna, 'anna@example.org');
    expect((await anna.req('POST', '/api/me/notify', { locale: 'el' })).status).toBe(200);
    const other = await h.client('Other', true);
    // The same answer for an account with an address, one without, and none at all.
    await h.client('Nomail');
    const before = mbox.messages.length;
    for (const login of ['Anna', 'Nomail', 'Nobody', 'nobody@example.org']) {
      const r = await other.req('POST', '/api/password-reset', { login });
      expect([r.status, r.json]).toEqual([202, { ok: true }]);
    }
    await h.notify.contacts.idle();
    await mbox.waitFor(before + 1);
    expect(mbox.messages.length).toBe(before + 1);
    const mail = mbox.messages[before]!;
    expect(mail.to).toEqual(['anna@example.org']);
    expect(mail.mail.subject).toBe('Επαναφορά του κωδικού σου στο Narrator');
    expect(mail.header('content-language')).toBe('el');
    const token = new RegExp(`${BASE}/#/reset/([A-Za-z0-9_-]+)`).exec(mail.mail.text ?? '')![1]!;
    // By the verified address too.
    expect((await other.req('POST', '/api/password-reset', { login: 'ANNA@example.org' })).status).toBe(202);
    await mbox.waitFor(before + 2);
    expect(mbox.messages[before + 1]!.to).toEqual(['anna@example.org']);

    expect((await other.req('POST', '/api/password-reset/confirm', { token, password: 'short' })).json.error.code).toBe('account.weak_password');
    const ok = await other.req('POST', '/api/password-reset/confirm', { token, password: 'new-password' });
    expect(ok.status).toBe(204);
    // Once only; every session ended; the new password works, the old one does not.
    expect((await other.req('POST', '/api/password-reset/confirm', { token, password: 'other-password' })).json.error.code).toBe('mail.token_invalid');
    expect((await anna.req('GET', '/api/me')).status).toBe(401);
    expect((await other.req('POST', '/api/sessions', { name: 'Anna', password: 'password1' })).status).toBe(401);
    expect((await other.req('POST', '/api/sessions', { name: 'Anna', password: 'new-password' })).status).toBe(200);
    // The second link, an hour later, has expired.
    const second = new RegExp(`${BASE}/#/reset/([A-Za-z0-9_-]+)`).exec(mbox.messages[before + 1]!.mail.text ?? '')![1]!;
    h.real.t += H + 1;
    expect((await other.req('POST', '/api/password-reset/confirm', { token: second, password: 'newer-password' })).json.error.code).toBe('mail.token_invalid');
    // Ten requests an hour per client address.
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await other.req('POST', '/api/password-reset', { login: 'Nobody' })).status);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect((await other.req('POST', '/api/password-reset', { login: 'Nobody' })).json.error.code).toBe('mail.rate_limited');
    await h.close();
  });

  it('verification: a wrong or stale link is refused; an address changed since keeps the old link from verifying it', async () => {
    const h = await notifyHarness({ smtp: mbox.url });
    const c = await h.client('Vera');
    const before = mbox.messages.length;
    await c.req('POST', '/api/me/email', { email: 'first@example.org' });
    await mbox.waitFor(before + 1);
    const token = /#\/verify-email\/([A-Za-z0-9_-]+)/.exec(mbox.messages[before]!.mail.text ?? '')![1]!;
    await c.req('POST', '/api/me/email', { email: 'second@example.org' });
    expect((await c.req('POST', '/api/email/verify', { token })).json.error.code).toBe('mail.token_invalid');
    expect((await c.req('POST', '/api/email/verify', { token: 'x'.repeat(43) })).json.error.code).toBe('mail.token_invalid');
    expect((await c.req('POST', '/api/me/email', { email: 'not an address' })).json.error.code).toBe('mail.invalid_address');
    expect((await c.req('GET', '/api/me/notify')).json).toMatchObject({ email: 'second@example.org', verified: false });
    await h.close();
  });
});

describe('without --smtp', () => {
  it('the API says e-mail is off: settings show it, the mail routes answer 409 mail.off', async () => {
    const h = await notifyHarness();
    const c = await h.client('Off');
    const s = await c.req('GET', '/api/me/notify');
    expect(s.json).toMatchObject({ mail: false, email: null, verified: false, prefs: { push: true, mail: true, muted: [] } });
    expect(s.json.push.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    for (const [url, body] of [
      ['/api/me/email', { email: 'a@example.org' }],
      ['/api/password-reset', { login: 'Off' }],
    ] as const) {
      const r = await c.req('POST', url, body);
      expect([r.status, r.json.error.code], url).toEqual([409, 'mail.off']);
    }
    // The VAPID key is made once and kept: a second server on the same store serves the same one.
    expect((await c.req('GET', '/api/push/key')).json.publicKey).toBe(s.json.push.publicKey);
    await h.close();
  });
});

describe('unsubscribe and gone subscriptions', () => {
  it('the one-click POST of List-Unsubscribe stops reminder mail; a subscription the push service reports gone is dropped', async () => {
    const h = await notifyHarness({ smtp: mbox.url });
    const g = await startedGame(h, 'u');
    const anna = g.players.Anna!;
    await verified(anna, 'u-anna@example.org');
    const sub = ps.subscribe();
    await anna.req('POST', '/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys });
    const before = mbox.messages.length;
    await h.at(iso(CLOSE - 3 * H));
    await mbox.waitFor(before + 1);
    const mail = mbox.messages[before]!;
    const post = /^<(.+)>$/.exec(mail.header('list-unsubscribe')!)![1]!;
    const token = post.split('/').pop()!;
    expect((await anna.req('GET', `/api/unsubscribe/${token}`)).json).toEqual({ name: 'uAnna' });
    // What a mail client sends for RFC 8058's one click: a form body, no cookie.
    const r = await h.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(r.statusCode).toBe(200);
    expect((await anna.req('GET', '/api/me/notify')).json.prefs.mail).toBe(false);
    expect((await anna.req('POST', `/api/unsubscribe/${token.slice(0, -2)}xx`)).json.error.code).toBe('mail.token_invalid');
    // The device unsubscribed: the push service answers 410 and the subscription goes.
    ps.gone(sub);
    const pushed = ps.pushed.length;
    await h.at(iso(CLOSE - 30 * 60_000));
    expect(mbox.messages.length).toBe(before + 1);
    expect(ps.pushed.length).toBe(pushed);
    expect(ps.refused.filter((x) => x.status === 410)).toHaveLength(1);
    expect(await h.store.notify.subscriptionsOf((await h.accounts.byName('uAnna'))!.id)).toEqual([]);
    expect(await h.store.notify.pendingDeliveries()).toEqual([]);
    // The reminder itself is in the list all the same.
    expect((await items(anna)).filter((n) => n.kind === 'reminder')).toHaveLength(2);
    // A bad subscription is refused at the door.
    const bad = await anna.req('POST', '/api/push/subscriptions', { endpoint: 'ftp://x.example/1', keys: sub.keys });
    expect(bad.json.error.code).toBe('push.invalid_endpoint');
    const badKeys = await anna.req('POST', '/api/push/subscriptions', { endpoint: `${ps.base}/push/zz`, keys: { p256dh: 'AAAA', auth: 'BBBB' } });
    expect(badKeys.json.error.code).toBe('push.invalid_keys');
    await h.close();
  });
});

describe('the plan follows the game', () => {
  it('a moved deadline moves its reminders; a pause drops them and the resume plans them shifted; each fires once', async () => {
    const h = await notifyHarness();
    const g = await startedGame(h, 'm');
    const slots = async () => (await g.mod.req('GET', `/api/games/${g.id}/reminders`)).json;
    const first = await slots();
    expect(first.minutes).toEqual([180, 30]);
    const close = first.slots.filter((s: { deadline: string; kind: string }) => s.deadline === 'r1:close' && s.kind === 'reminder');
    expect(close.map((s: { dueAt: number }) => s.dueAt)).toEqual([CLOSE - 3 * H, CLOSE - 30 * 60_000]);
    // The close moves to 21:00: its reminders follow.
    expect((await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'move-deadline', args: { deadline: 'close', to: '2025-11-03T21:00' } })).status).toBe(
      200,
    );
    await h.settle();
    const moved = (await slots()).slots.filter((s: { deadline: string; kind: string }) => s.deadline === 'r1:close' && s.kind === 'reminder');
    expect(moved.map((s: { dueAt: number }) => s.dueAt)).toEqual([CLOSE + H - 3 * H, CLOSE + H - 30 * 60_000]);
    await h.at(iso(CLOSE - 2 * H));
    expect((await items(g.players.Anna!)).filter((n) => n.kind === 'reminder')).toHaveLength(1);
    // A pause at 19:00 drops the pending reminder; resuming two hours later plans it at 22:30.
    await h.at(iso(CLOSE - H));
    await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'pause' });
    await h.settle();
    expect((await slots()).slots.filter((s: { done: boolean }) => !s.done)).toEqual([]);
    await h.at(iso(CLOSE + H));
    await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'resume' });
    await h.settle();
    const after = (await slots()).slots.filter((s: { deadline: string; kind: string; done: boolean }) => s.deadline === 'r1:close' && !s.done);
    expect(after.map((s: { dueAt: number }) => s.dueAt)).toEqual([CLOSE + 3 * H - 30 * 60_000]);
    await h.at(iso(CLOSE + 3 * H - 30 * 60_000));
    await h.at(iso(CLOSE + 3 * H - 10 * 60_000));
    const rs = (await items(g.players.Anna!)).filter((n) => n.kind === 'reminder');
    expect(rs.map((n) => n.data.lead)).toEqual([30, 180]);
    expect(rs[0]!.data.deadline.at).toBe(CLOSE + 3 * H);
    await h.close();
  });

  it('the moderator sets the leads (a game event); players may not; the digest lists who has not voted', async () => {
    const h = await notifyHarness();
    const g = await startedGame(h, 'l');
    expect((await g.players.Anna!.req('POST', `/api/games/${g.id}/reminders`, { minutes: [60] })).json.error.code).toBe('game.moderator_only');
    expect((await g.mod.req('POST', `/api/games/${g.id}/reminders`, { minutes: [0] })).json.error.code).toBe('request.invalid');
    const set = await g.mod.req('POST', `/api/games/${g.id}/reminders`, { minutes: [60, 60] });
    expect(set.json.minutes).toEqual([60]);
    await h.settle();
    const slots = (await g.mod.req('GET', `/api/games/${g.id}/reminders`)).json.slots as { deadline: string; kind: string; dueAt: number }[];
    expect(slots.filter((s) => s.deadline === 'r1:close' && s.kind === 'reminder').map((s) => s.dueAt)).toEqual([CLOSE - H]);
    expect((await g.mod.req('GET', `/api/games/${g.id}/audit`)).json.items.some((i: { type: string }) => i.type === 'reminders.set')).toBe(true);
    for (const n of NINE.slice(0, 5)) await g.players[n]!.req('POST', `/api/games/${g.id}/posts`, { text: `Vote: l${NINE[8]}` });
    const digest = (await g.mod.req('GET', `/api/games/${g.id}/digest`)).json;
    const close = digest.deadlines.find((d: { id: string }) => d.id === 'r1:close');
    expect(close.pending.map((p: { name: string }) => p.name)).toEqual(NINE.slice(5).map((n) => `l${n}`));
    expect((await g.players.Anna!.req('GET', `/api/games/${g.id}/digest`)).status).toBe(403);
    // The digest of the day reaches the moderator with the day's first reminder (here 19:00), once.
    await h.at(iso(CLOSE - H));
    await h.at(iso(CLOSE - H + 60_000));
    const ds = (await items(g.mod)).filter((n) => n.kind === 'digest');
    expect(ds).toHaveLength(1);
    expect(ds[0]!.data.deadlines[0].pending).toHaveLength(4);
    // On request, too.
    expect((await g.mod.req('POST', `/api/games/${g.id}/digest`)).status).toBe(200);
    expect((await items(g.mod)).filter((n) => n.kind === 'digest')).toHaveLength(2);
    // Off: no reminder at all.
    await g.mod.req('POST', `/api/games/${g.id}/reminders`, { minutes: [] });
    await h.settle();
    expect((await g.mod.req('GET', `/api/games/${g.id}/reminders`)).json.slots).toEqual([]);
    await h.close();
  });
});

describe('the list: private messages, team chat, mentions and quotes', () => {
  it('each reaches whom it addresses, once; not its author; not a muted game or channel', async () => {
    const h = await notifyHarness();
    const g = await startedGame(h, 'f');
    const killers = Object.entries(g.roles)
      .filter(([, r]) => r === 'killer')
      .map(([n]) => n);
    const citizens = NINE.filter((n) => !killers.includes(n));
    const [k1, k2] = killers as [string, string];
    const [c1, c2, c3] = citizens as [string, string, string];
    await h.settle();
    const before = new Map<string, Set<string>>();
    for (const n of NINE) before.set(n, new Set((await items(g.players[n]!)).map((x) => x.id)));
    const fresh = async (n: string) => (await items(g.players[n]!)).filter((x) => !before.get(n)!.has(x.id));
    // The moderator tells c1; k1 chats to the killers; c2 mentions c1 and k1 and quotes c3; c3 muted this game.
    expect((await g.players[c3]!.req('POST', '/api/me/notify', { prefs: { muted: [g.id] } })).status).toBe(200);
    expect((await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'tell', args: { name: `f${c1}`, text: 'Psst, a word.' } })).status).toBe(200);
    if (k2) expect((await g.players[k1]!.req('POST', `/api/games/${g.id}/teams/killers`, { text: 'Who tonight?' })).status).toBe(200);
    const text = `[quote="f${c3}"]I am innocent[/quote]\n@f${c1} and @f${k1}: what do you think? (mail me at x@f${c1}.org)`;
    expect((await g.players[c2]!.req('POST', `/api/games/${g.id}/posts`, { text })).json.accepted).toBe(true);
    await h.settle();
    const mine = async (n: string) => (await fresh(n)).map((x) => `${x.kind}:${x.data.from ?? ''}`).sort();
    expect(await mine(c1)).toEqual([`mention:f${c2}`, 'pm:']);
    expect(await mine(k1)).toEqual([`mention:f${c2}`]);
    if (k2) expect(await mine(k2)).toEqual([`chat:f${k1}`]);
    expect(await mine(c3)).toEqual([]);
    expect(await mine(c2)).toEqual([]);
    // The quote reaches c3 once the mute is lifted (another post).
    await g.players[c3]!.req('POST', '/api/me/notify', { prefs: { muted: [`${g.id}/inbox`] } });
    await g.players[c2]!.req('POST', `/api/games/${g.id}/posts`, { text: `[quote=f${c3} post=3]still innocent[/quote] hm` });
    await h.settle();
    expect(await mine(c3)).toEqual([`quote:f${c2}`]);
    // A muted channel (here the inbox) keeps its messages out of the list.
    await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'tell', args: { name: `f${c3}`, text: 'Hello' } });
    await h.settle();
    expect(await mine(c3)).toEqual([`quote:f${c2}`]);
    await h.close();
  });
});

describe('a game message in the reader’s language', () => {
  it('renders in the language each recipient chose', async () => {
    const h = await notifyHarness();
    const g = await startedGame(h, 'l', { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'el' });
    const [english, german, greek] = NINE as [string, string, string];
    expect((await g.players[english]!.req('POST', '/api/me/notify', { locale: 'en' })).status).toBe(200);
    expect((await g.players[german]!.req('POST', '/api/me/notify', { locale: 'de' })).status).toBe(200);
    await h.settle();
    const before = new Map<string, Set<string>>();
    for (const n of [english, german, greek]) before.set(n, new Set((await items(g.players[n]!)).map((x) => x.id)));
    const excerptOf = async (n: string) => (await items(g.players[n]!)).find((x) => !before.get(n)!.has(x.id) && x.kind === 'pm')?.data.excerpt;
    // The moderator's note exists in every language of the engine: each reader gets his own. (A message the rulebook
    // has no template for in the reader's language comes in the game's: renderFor, test/unit/render.unit.test.ts.)
    for (const n of [english, german, greek])
      expect((await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'tell', args: { name: `l${n}`, text: 'Καλημέρα' } })).status).toBe(200);
    await h.settle();
    expect(await excerptOf(english)).toBe('Moderator note: Καλημέρα');
    expect(await excerptOf(german)).toBe('Hinweis der Spielleitung: Καλημέρα');
    expect(await excerptOf(greek)).toBe('Σημείωση ΣΕ: Καλημέρα');
    await h.close();
  });
});
