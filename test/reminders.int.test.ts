// Reminders (issue 26) in process, through the API, with a real SMTP server and a Web Push service on loopback: the
// 3 h and 30 min reminders of the vote reach a player who has not voted in the app, by push and by mail, and stop
// once he votes; a secret action's reminder reaches its holder alone; the plan follows a moved or paused deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './support/harness.ts';
import { NINE, startedGame, TEN } from './support/harness.ts';
import { type Mailbox, mailbox } from './support/mailbox.ts';
import { BASE, type NotifyHarness, notifyHarness } from './support/notify-harness.ts';
import { type PushService, pushService } from './support/push-service.ts';

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

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

/** Gives a player a verified address (following the mailed link) and a subscribed device; returns its subscription id. */
async function reachable(h: NotifyHarness, c: Client, email: string, locale?: string): Promise<string> {
  if (locale) expect((await c.req('POST', '/api/me/notify', { locale })).status).toBe(200);
  const before = mbox.messages.length;
  const set = await c.req('POST', '/api/me/email', { email });
  expect(set.status, set.text).toBe(202);
  expect(set.json).toMatchObject({ email, verified: false, mail: true });
  await mbox.waitFor(before + 1);
  const mail = mbox.messages[before]!;
  expect(mail.to).toEqual([email]);
  const token = /#\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.mail.text ?? '')![1]!;
  expect((await c.req('POST', '/api/email/verify', { token })).json).toEqual({ email });
  expect((await c.req('GET', '/api/me/notify')).json.verified).toBe(true);
  const sub = ps.subscribe();
  expect((await c.req('POST', '/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(201);
  await h.settle();
  return sub.endpoint.split('/').pop()!;
}

/** The reminders in a player's list for the deadline at `at`. */
async function reminders(c: Client, at: number): Promise<{ lead: number; actions: { command: string }[] }[]> {
  const r = await c.req('GET', '/api/notifications');
  return (r.json.items as { kind: string; data: { deadline?: { at: number }; lead: number; actions: { command: string }[] } }[])
    .filter((n) => n.kind === 'reminder' && n.data.deadline?.at === at)
    .map((n) => n.data);
}

describe('reminders of the vote (palermo)', () => {
  it('3 h and 30 min before the close: in the app, by push and by mail, to those who have not voted, none after voting', async () => {
    const h = await notifyHarness({ smtp: mbox.url });
    const g = await startedGame(h, 'p');
    const [anna, babis, chris] = [g.players.Anna!, g.players.Babis!, g.players.Chris!];
    const subs = {
      anna: await reachable(h, anna, 'anna@example.org'),
      babis: await reachable(h, babis, 'babis@example.org'),
      chris: await reachable(h, chris, 'chris@example.org', 'de'),
    };
    const vote = ((await anna.req('GET', `/api/games/${g.id}/actions`)).json.actions as { command: string; until: number }[]).find(
      (a) => a.command === 'vote',
    )!;
    const close = vote.until;
    expect(new Date(close).toISOString()).toBe('2025-11-03T18:00:00.000Z');
    // Babis votes at once; Anna never does; Chris votes between the two reminders.
    expect((await babis.req('POST', `/api/games/${g.id}/posts`, { text: 'Vote: pIlias' })).json.accepted).toBe(true);
    const mails0 = mbox.messages.length;
    const pushed0 = ps.pushed.length;

    await h.at(iso(close - 3 * H));
    expect(await reminders(anna, close)).toEqual([expect.objectContaining({ lead: 180, actions: [expect.objectContaining({ command: 'vote' })] })]);
    expect(await reminders(chris, close)).toHaveLength(1);
    expect(await reminders(babis, close)).toEqual([]);
    await mbox.waitFor(mails0 + 2);
    const mails = mbox.messages.slice(mails0);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['anna@example.org', 'chris@example.org']);
    const toAnna = mails.find((m) => m.to[0] === 'anna@example.org')!;
    const toChris = mails.find((m) => m.to[0] === 'chris@example.org')!;
    // Each in its account's language, with the game's link and a one-click unsubscribe.
    expect(toAnna.mail.subject).toBe('3 hours to go in “pTest”');
    expect(toAnna.header('content-language')).toBe('en');
    expect(toChris.mail.subject).toBe('Noch 3 Stunden in „pTest“');
    expect(toChris.header('content-language')).toBe('de');
    expect(toAnna.mail.text).toContain(`${BASE}/#/games/${g.id}/main`);
    expect(toAnna.mail.text).toContain('Vote: …');
    expect(toAnna.header('list-unsubscribe')).toMatch(new RegExp(`^<${BASE}/api/unsubscribe/[A-Za-z0-9_.-]+>$`));
    expect(toAnna.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(toAnna.mail.text).toMatch(new RegExp(`${BASE}/#/unsubscribe/[A-Za-z0-9_.-]+`));
    const pushed = ps.pushed.slice(pushed0);
    expect(pushed.map((p) => p.sub).sort()).toEqual([subs.anna, subs.chris].sort());
    expect(pushed.find((p) => p.sub === subs.chris)!.payload.title).toBe('Noch 3 Stunden in „pTest“');
    expect(pushed.every((p) => p.urgency === 'high' && p.topic === p.payload.id && p.payload.url === `${BASE}/#/games/${g.id}/main`)).toBe(true);

    expect((await chris.req('POST', `/api/games/${g.id}/posts`, { text: 'Vote: pIlias' })).json.accepted).toBe(true);
    await h.at(iso(close - 30 * 60_000));
    expect((await reminders(anna, close)).map((r) => r.lead)).toEqual([30, 180]);
    expect(await reminders(chris, close)).toHaveLength(1);
    expect(await reminders(babis, close)).toEqual([]);
    await mbox.waitFor(mails0 + 3);
    expect(mbox.messages.slice(mails0 + 2).map((m) => [m.to[0], m.mail.subject])).toEqual([['anna@example.org', '30 minutes to go in “pTest”']]);
    expect(
      ps.pushed
        .slice(pushed0)
        .map((p) => p.sub)
        .sort(),
    ).toEqual([subs.anna, subs.anna, subs.chris].sort());

    // The close fires; nothing more for it, ever.
    await h.at(iso(close + 60_000));
    await h.at(iso(close + 2 * H));
    expect((await reminders(anna, close)).length).toBe(2);
    expect(mbox.messages.length).toBe(mails0 + 3);
    expect(ps.refused).toEqual([]);
    await h.close();
  });

  it('a killer’s reminder reaches the killers alone; the unread count and the read mark work', async () => {
    const h = await notifyHarness();
    const g = await startedGame(h, 'k');
    // Round 1 closes at 20:00 Athens; round 2 has the murder at 13:00 (PAL-KILL), reminded at 10:00 and 12:30.
    await h.at('2025-11-03T18:00:01Z');
    await h.at('2025-11-04T08:00:00Z');
    const killers = Object.entries(g.roles)
      .filter(([, r]) => r === 'killer')
      .map(([n]) => n);
    expect(killers.length).toBeGreaterThan(0);
    for (const n of NINE) {
      const items = (await g.players[n]!.req('GET', '/api/notifications')).json.items as { kind: string; data: { actions?: { command: string }[] } }[];
      const kills = items.filter((i) => i.kind === 'reminder' && i.data.actions!.some((a) => a.command === 'kill'));
      expect(kills.length, n).toBe(killers.includes(n) ? 1 : 0);
    }
    const k = g.players[killers[0]!]!;
    const list = (await k.req('GET', '/api/notifications')).json;
    expect(list.unread).toBeGreaterThan(0);
    expect((await k.req('POST', '/api/notifications/read', { all: true })).status).toBe(204);
    expect((await k.req('GET', '/api/notifications')).json.unread).toBe(0);
    await h.close();
  });
});

/** How each rulebook's game is set up and brought to an open vote (as the access test does). */
const RULEBOOKS: Record<string, { setup: Record<string, unknown>; players?: readonly string[]; prepare?: (g: Game) => Promise<void> }> = {
  palermo: { setup: { startAt: '2025-11-03T11:00', locale: 'en' } },
  'palermo-intrigue': { setup: { startAt: '2025-11-03T11:00', locale: 'en' } },
  'mafia-de': { setup: { startAt: '2025-11-03T11:00', locale: 'en', gameNumber: '137' } },
  'mafia-cities': { setup: { startAt: '2025-11-03T12:00', locale: 'en', options: { includeManiac: false } }, players: TEN, prepare: nominateOnce },
};

type Game = Awaited<ReturnType<typeof startedGame>>;

/** mafia-cities votes on nominees only: one resident of each city nominates while nominations are open. */
async function nominateOnce(g: Game): Promise<void> {
  const done = new Set<string>();
  for (const c of Object.values(g.players)) {
    const a = (await c.req('GET', `/api/games/${g.id}/actions`)).json.actions.find((x: { command: string }) => x.command === 'nominate');
    if (!a || done.has(a.channel)) continue;
    const r = await c.req('POST', `/api/games/${g.id}/channels/${a.channel}`, { text: a.template.replace('{name}', a.targets[0].name) });
    expect(r.json.accepted, r.text).toBe(true);
    done.add(a.channel);
  }
}

/** The player's vote action, if one is open. */
async function voteAction(
  c: Client,
  id: string,
): Promise<{ via: string; channel: string | null; template: string; targets: { name: string }[]; until: number } | undefined> {
  return (await c.req('GET', `/api/games/${id}/actions`)).json.actions.find((x: { command: string }) => x.command === 'vote');
}

/** Casts the player's vote through his own legal action (a post, a city's thread or a PM). */
async function castVote(c: Client, id: string): Promise<void> {
  const a = (await voteAction(c, id))!;
  const url = a.via === 'pm' ? 'pms' : a.channel && a.channel !== 'main' ? `channels/${a.channel}` : 'posts';
  const r = await c.req('POST', `/api/games/${id}/${url}`, { text: a.template.replace('{name}', a.targets[0]!.name) });
  expect(r.json.accepted, r.text).toBe(true);
}

describe('every rulebook: a player who has not voted gets the 3 h and 30 min reminders in the app, by push and by mail, none after voting', () => {
  for (const [variant, fx] of Object.entries(RULEBOOKS))
    it(variant, async () => {
      const h = await notifyHarness({ smtp: mbox.url });
      const prefix = variant.slice(0, 3).replace('-', '');
      const g = await startedGame(h, prefix, { variant, ...fx.setup }, fx.players ?? NINE);
      const names = fx.players ?? NINE;
      // Until the vote is open (and the cities have their nominees).
      let first: Client | undefined;
      for (let i = 0; i < 8 && !first; i++) {
        await fx.prepare?.(g);
        for (const n of names) if (!first && (await voteAction(g.players[n]!, g.id))) first = g.players[n];
        if (first) break;
        const next = (await g.mod.req('GET', `/api/games/${g.id}`)).json.nextDeadline;
        await h.at(iso(next.at + 1000));
      }
      const voters: Client[] = [];
      for (const n of names) if (voters.length < 3 && (await voteAction(g.players[n]!, g.id))) voters.push(g.players[n]!);
      expect(voters).toHaveLength(3);
      const [never, early, between] = voters as [Client, Client, Client];
      const close = (await voteAction(never, g.id))!.until;
      expect(h.clock.now()).toBeLessThan(close - 3 * H);
      const subs = new Map<Client, string>();
      for (const [c, i] of [
        [never, 0],
        [early, 1],
        [between, 2],
      ] as const)
        subs.set(c, await reachable(h, c, `${prefix}${i}@example.org`));
      await castVote(early, g.id);
      const mails0 = mbox.messages.length;
      const pushed0 = ps.pushed.length;
      // The reminders that name the vote (a doctor's protection or a card may close at the same instant: those are
      // reminded too, and rightly, but they are not the vote).
      const ids = async (c: Client) =>
        (
          (await c.req('GET', '/api/notifications')).json.items as {
            id: string;
            kind: string;
            data: { deadline?: { at: number }; actions?: { command: string }[] };
          }[]
        )
          .filter((n) => n.kind === 'reminder' && n.data.deadline?.at === close && n.data.actions!.some((a) => a.command === 'vote'))
          .map((n) => n.id);

      await h.at(iso(close - 3 * H));
      await castVote(between, g.id);
      await h.at(iso(close - 30 * 60_000));
      await h.at(iso(close + 60_000));
      const got = { never: await ids(never), early: await ids(early), between: await ids(between) };
      expect([got.never.length, got.early.length, got.between.length]).toEqual([2, 0, 1]);
      expect((await reminders(never, close)).filter((r) => r.actions.some((a) => a.command === 'vote')).map((r) => r.lead)).toEqual([30, 180]);
      // The same notifications by mail (Message-ID) and by push (payload id), once each.
      const all = [...got.never, ...got.between].sort();
      await mbox.waitFor(mails0 + 3);
      const mailed = mbox.messages.slice(mails0).map((m) => /^<([^@]+)@/.exec(m.mail.messageId ?? '')?.[1] ?? '');
      expect(mailed.filter((x) => all.includes(x)).sort()).toEqual(all);
      const pushedIds = ps.pushed.slice(pushed0).map((p) => p.payload.id);
      expect(pushedIds.filter((x) => all.includes(x)).sort()).toEqual(all);
      expect(
        ps.pushed
          .slice(pushed0)
          .filter((p) => all.includes(p.payload.id))
          .every((p) => p.sub !== subs.get(early)),
      ).toBe(true);
      await h.close();
    });
});
