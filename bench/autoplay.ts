// Plays a community's game for the screenshots (bench/screenshots.ts) through the HTTP API only, as its players
// would: each asks what he may do now (GET /actions) and sends the lines the game taught him, in its language.
// Nothing here knows a rulebook: the community's data (bench/communities.ts) says which actions its players take,
// whom they prefer to name and what they say; the legal actions say the rest.
import { instantOf } from '../src/engine/time.ts';
import type { ActionsReply } from '../src/protocol/replies.ts';
import type { Client } from '../test/support/harness.ts';
import type { Community } from './communities.ts';

/** A legal action as GET /api/games/:id/actions lists it. */
type Legal = ActionsReply['actions'][number];

/** What the game runs on: its id, its players' and moderator's clients, the clock and the scheduler's step. */
export interface Table {
  readonly id: string;
  readonly players: Readonly<Record<string, Client>>;
  /** Each player's role, as the deal gave it (the moderator's view). */
  readonly roles: Readonly<Record<string, string>>;
  /** The game clock now. */
  now(): number;
  /** The next pending deadline of the game (none once it has ended). */
  nextDeadline(): number | undefined;
  /** Moves the clock to an instant and lets the server fire what is due. */
  at(t: number): Promise<void>;
}

const MINUTE = 60_000;

/**
 * Fills an action's line for one player, or null when he has nothing to name (or a text the community lacks). An
 * optional player argument (an executor) is left out; a second player argument names someone else than the first.
 */
function lineFor(c: Community, roles: Table['roles'], me: string, seat: number, a: Legal): string | null {
  let line = a.line;
  const named = [me];
  const values: [string, string][] = [];
  for (const [i, p] of a.params.entries()) {
    // An optional player argument left out takes its separator with it (“ΔΟΛΟΦΟΝΙΑ: {target} ΕΚΤΕΛΕΣΤΗΣ: {executor}”).
    const before = a.params[i - 1]?.key;
    if (p.kind === 'player' && p.optional && before) line = line.replace(new RegExp(`(\\{${before}\\})[^{]*\\{${p.key}\\}`), '$1');
    let value = '';
    if (p.kind === 'player' && !p.optional) {
      const legal = (p.targets ?? []).map((t) => t.name).filter((n) => !named.includes(n));
      // The community's preference for this action, by role (the deal is new each run): the first player the rules
      // allow; every third voter names the second, so a count has more than one line.
      const prefs = (c.prefer[a.id] ?? []).flatMap((role) => legal.filter((n) => roles[n] === role));
      const choice = prefs.length > 0 ? prefs[seat % 3 === 2 && prefs.length > 1 ? 1 : 0] : legal[legal.length - 1];
      if (choice === undefined) return null;
      named.push(choice);
      value = choice;
    } else if (p.kind === 'choice') value = p.values?.[0] ?? '';
    else if (p.kind !== 'player') {
      const text = c.texts[`${a.id}.${p.key}`];
      if (text === undefined && !p.optional) return null;
      value = text ?? '';
    }
    line = line.replace(`{${p.key}}`, value);
    values.push([p.key, value]);
  }
  // A text may name another argument's value (a death message names its victim).
  for (const [key, value] of values) line = line.replaceAll(`{${key}}`, value);
  return line.trim();
}

/** The URL a player's line goes to: a post to its channel (a city's thread) or the main thread, or a PM. */
function urlOf(id: string, a: Legal): string {
  if (a.via === 'pm') return `/api/games/${id}/pms`;
  return a.channel ? `/api/games/${id}/channels/${encodeURIComponent(a.channel)}` : `/api/games/${id}/posts`;
}

/**
 * Plays the game up to the instant `end`: at each deadline's step the players say the day's lines and take the
 * community's actions whose windows close at the next deadline, a few minutes apart. An action whose window is still
 * open at `end` (the picture's vote) is cast by every other player only, so the pictures show a count under way.
 */
export async function playUntil(t: Table, c: Community, end: number): Promise<void> {
  const done = new Set<string>();
  // The days so far: each vote window (its closing instant) the players have been offered.
  const days = new Set<number | null>();
  const legalOf = async (who: string) => ((await t.players[who]!.req('GET', `/api/games/${t.id}/actions`)).json.actions ?? []) as Legal[];
  for (;;) {
    const next = Math.min(t.nextDeadline() ?? end, end);
    // An action is taken in the step before its window closes (a vote in the evening's count, a murder order before
    // the morning's), and at the pictures' instant whatever is open.
    const due = (a: Legal) => next >= end || a.until === null || a.until <= next;
    // What each player says (a line in the thread his vote goes to) and which actions he takes in this step.
    const todo: { who: string; seat: number; via: Legal['via']; talk?: { url: string; text: string }; action?: string }[] = [];
    for (const [seat, who] of c.names.entries()) {
      const legal = await legalOf(who);
      const vote = legal.find((a) => c.talkWith.includes(a.id) && due(a));
      if (vote) days.add(vote.until);
      if (vote && !done.has(`talk:${days.size}:${who}`)) {
        done.add(`talk:${days.size}:${who}`);
        for (const text of [c.talk[days.size - 1]?.[seat] ?? []].flat().filter((x) => x))
          todo.push({ who, seat, via: 'post', talk: { url: urlOf(t.id, { ...vote, via: 'post' }), text } });
      }
      for (const a of legal) {
        const key = `${a.id}:${a.until}:${who}`;
        if (!c.acts.includes(a.id) || done.has(key) || !due(a)) continue;
        if (c.talkWith.includes(a.id) && a.until !== null && a.until > end && seat % 2 === 1) continue;
        done.add(key);
        todo.push({ who, seat, via: a.via, action: a.id });
      }
    }
    // Posts first, then the private orders, a few minutes apart and all before the next deadline. Each order is
    // written from what is legal when it is sent (a special role another mafioso took is no longer offered); a vote
    // posted where its author talks ends his post, as forum players write it.
    const gap = Math.min(7 * MINUTE, Math.floor((next - t.now()) / (todo.length + 2)));
    todo.sort((a, b) => Number(a.via === 'pm') - Number(b.via === 'pm'));
    const send = async (who: string, seat: number, action: string) => {
      const a = (await legalOf(who)).find((l) => l.id === action);
      const text = a && lineFor(c, t.roles, who, seat, a);
      return a && text ? { url: urlOf(t.id, a), text } : null;
    };
    for (let i = 0; i < todo.length; i++) {
      const x = todo[i]!;
      await t.at(t.now() + gap);
      let post = x.action !== undefined ? await send(x.who, x.seat, x.action) : x.talk!;
      const then = todo[i + 1];
      if (x.talk && then?.who === x.who && then.via === 'post' && then.action !== undefined) {
        const line = await send(then.who, then.seat, then.action);
        if (line?.url === x.talk.url) {
          post = { url: x.talk.url, text: `${x.talk.text}\n${line.text}` };
          i++;
        }
      }
      if (!post) continue;
      const r = await t.players[x.who]!.req('POST', post.url, { text: post.text });
      const refused = r.json?.rejections?.length ? JSON.stringify(r.json.rejections) : r.status === 200 ? '' : r.text;
      if (refused) throw new Error(`${c.variant}: ${x.who} «${post.text}» was refused: ${refused}`);
    }
    if (next >= end) break;
    await t.at(next + 1000);
  }
  await t.at(end);
}

/** The server a community's game is set up on: a client per account, the game's deadlines and the clock's step. */
export interface Host {
  client(name: string): Promise<Client>;
  deadlines(id: string): readonly { at: number }[];
  now(): number;
  at(t: number): Promise<void>;
}

/** Creates a community's game through the API (its moderator, its players signed up, started at once). */
export async function communityGame(h: Host, c: Community): Promise<Table & { mod: Client }> {
  const mod = await h.client(c.moderator);
  const r = await mod.req('POST', '/api/games', { variant: c.variant, locale: c.locale, title: c.title, ...c.create });
  if (r.status !== 201) throw new Error(`${c.variant}: ${r.text}`);
  const id = r.json.id as string;
  const players: Record<string, Client> = {};
  for (const n of c.names) {
    players[n] = await h.client(n);
    const s = await players[n]!.req('POST', `/api/games/${id}/signup`);
    if (!s.json.accepted) throw new Error(`${c.variant}: ${n}: ${s.text}`);
  }
  const st = await mod.req('POST', `/api/games/${id}/start`);
  if (!st.json.accepted) throw new Error(`${c.variant}: ${st.text}`);
  const roles = (await mod.req('GET', `/api/games/${id}`)).json.moderator.roles as Record<string, string>;
  return { id, mod, players, roles, now: h.now, at: h.at, nextDeadline: () => h.deadlines(id)[0]?.at };
}

/** The pictures' instant of a community's game. */
export function endOf(c: Community): number {
  const [date, time] = c.end.split('T') as [string, string];
  return instantOf(date, time, c.timeZone);
}
