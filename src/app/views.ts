// Read models of a game for one viewer, built from the stored events through viewFor (DESIGN.md §2): the thread,
// the private inbox, team channels, the live vote count, the next deadline, the players list, legal actions and
// the moderator's audit log. Nothing here decides anything; every item comes from an event the viewer may see.
import { own } from '../core/own.ts';
import { balanceBidi, normalizeLineEnds } from '../core/text.ts';
import type { GameEvent, Message, PlayerId, Viewer } from '../core/types.ts';
import { channelAccess, channelOfEvent, channelsOf, MAIN_CHANNEL } from '../engine/channels.ts';
import { typed } from '../engine/events.ts';
import type { GameState, Locale } from '../engine/state.ts';
import { isoLocal } from '../engine/time.ts';
import type { LiveCount, Variant } from '../engine/variant.ts';
import { type Cursors, canSee } from '../engine/view.ts';
import { renderMessage, renderParts, signatureOf } from '../i18n/render.ts';
import type { PublicPlayer } from '../protocol/replies.ts';
import type { StoredEvent } from '../store/types.ts';
import type { GameService, LoadedGame } from './game-service.ts';

/** One line of a view. */
export interface Item {
  readonly seq: number;
  /** Epoch milliseconds. */
  readonly at: number;
  /** The instant in the game's zone (ISO with offset). */
  readonly time: string;
  /** post, announcement, edit, message, rejection, sent, role, flag, chat, team… */
  readonly kind: string;
  readonly author?: string;
  readonly postId?: string;
  /** The post's number in its channel, as the viewer numbers it (app/thread-index.ts). */
  readonly n?: number;
  /** A stable code (rejections) or message key. */
  readonly code?: string;
  readonly text: string;
  /** The message behind `text` (key and structured parameters), for a client that renders it in its own language. */
  readonly parts?: readonly Message[];
}

/** Context every projection needs. */
export interface ViewContext {
  readonly variant: Variant<unknown>;
  readonly state: GameState<unknown>;
  readonly locale: Locale;
}

const render = (c: ViewContext, parts: readonly Message[]) => renderParts(c.variant, c.locale, parts);
const time = (c: ViewContext, at: number) => isoLocal(at, c.state.config.timeZone);
/** A rulebook event the inbox reads: every rulebook tells a player his role with it (role id, or none yet). */
type HostRead = { 'role.assigned': { readonly player: PlayerId; readonly role?: string } };

const nameOf = (c: ViewContext, id: unknown) => (typeof id === 'string' ? (c.state.players[id]?.name ?? id) : '');

/**
 * Every read model's item: its text with line ends normalised and bidi controls balanced per line (core/text.ts),
 * so a client that renders each text in its own isolating element (`<bdi>`, `dir="auto"`) shows nothing that spills
 * into the next one. The log itself (the export, WebSocket events) keeps the text as it was posted.
 */
function item(c: ViewContext, seq: number, e: GameEvent, rest: Omit<Item, 'seq' | 'at' | 'time'>): Item {
  const clean = (t: string) => balanceBidi(normalizeLineEnds(t));
  return { seq, at: e.at, time: time(c, e.at), ...rest, text: clean(rest.text), ...(rest.author !== undefined ? { author: clean(rest.author) } : {}) };
}

/** An item that is one message of the rulebook's tables (a rejection, a flag): its code is the message's key. */
function keyedItem(c: ViewContext, seq: number, e: GameEvent, kind: string, m: Message, author?: string): Item {
  return item(c, seq, e, { kind, code: m.key, ...(author !== undefined ? { author } : {}), text: renderMessage(c.variant, c.locale, m), parts: [m] });
}

/** The main thread: its posts, edits and public announcements. */
export function threadItems(c: ViewContext, events: readonly StoredEvent[]): Item[] {
  return channelItems(c, { kind: 'spectator' }, MAIN_CHANNEL, events);
}

/**
 * One channel as the viewer may see it (engine/channels.ts): its posts, edits and announcements. The main thread
 * holds what names no channel and was public; any other channel what names it and the viewer may see.
 */
export function channelItems(c: ViewContext, viewer: Viewer, channel: string, events: readonly StoredEvent[]): Item[] {
  const read = channelReader(c, viewer, channel);
  const out: Item[] = [];
  for (const e of events) {
    const it = read(e);
    if (it) out.push(it);
  }
  return out;
}

/** `channelItems` one event at a time (a long day is exported in slices): the item of each next event, if any. */
export function channelReader(c: ViewContext, viewer: Viewer, channel: string): (e: StoredEvent) => Item | undefined {
  const main = channel === MAIN_CHANNEL;
  const inChannel = (e: GameEvent, data: { readonly channel?: string }) =>
    channelOfEvent(data) === channel && (main ? e.audience.kind === 'public' : canSee(viewer, e.audience));
  const postChannel = new Map<string, string>();
  return ({ seq, event: e }) => {
    const ev = typed(e);
    if (ev.type === 'post.published') {
      postChannel.set(ev.data.postId, channelOfEvent(ev.data));
      if (inChannel(e, ev.data)) return item(c, seq, e, { kind: 'post', author: ev.data.name, postId: ev.data.postId, text: ev.data.text });
    } else if (ev.type === 'post.edited') {
      // An edit belongs where its post is (a page may start after the post: then the main thread is assumed).
      if (e.audience.kind === 'public' && (postChannel.get(ev.data.postId) ?? MAIN_CHANNEL) === channel)
        return item(c, seq, e, { kind: 'edit', author: nameOf(c, ev.data.author), postId: ev.data.postId, text: ev.data.text });
    } else if (ev.type === 'message' && inChannel(e, ev.data)) {
      const parts = ev.data.parts;
      // CIT-ANN-1, CIT-VOTE-6: a pinned post names its slot (the latest post of a slot is the pinned one).
      const pin = ev.data.pin;
      return item(c, seq, e, { kind: 'announcement', author: 'moderator', code: parts[0]?.key, text: render(c, parts), parts, ...(pin ? { pin } : {}) });
    }
    return undefined;
  };
}

/** The channels the viewer knows of (engine/channels.ts), titles rendered in the context's locale. */
export function channelList(
  c: ViewContext,
  viewer: Viewer,
): { id: string; kind: 'public' | 'private'; title: string; tab?: string; readable: boolean; postable: boolean }[] {
  return channelAccess(channelsOf(c.variant, c.state), viewer).map(({ tab, ...a }) => ({
    ...a,
    title: renderMessage(c.variant, c.locale, a.title),
    ...(tab ? { tab: renderMessage(c.variant, c.locale, tab) } : {}),
  }));
}

/** Events of `events` the viewer may see, keeping their (already viewer-local) sequence numbers. */
function visible(viewer: Viewer, events: readonly StoredEvent[]): StoredEvent[] {
  return events.filter((e) => canSee(viewer, e.event.audience));
}

/** The engine viewer's key for sharing work between sockets and requests that see the same events. */
export function viewerKey(v: Viewer): string {
  if (v.kind === 'moderator' && v.duties !== undefined) return `moderator:${[...v.duties].sort().join('+')}`;
  return v.kind === 'player' ? `player:${v.id}` : v.kind;
}

/** The viewer's version of a game at global version `upto` (default: now): how many of its events he may see. */
export function versionFor(g: LoadedGame, viewer: Viewer, cursors: Cursors | undefined, upto = g.version): number {
  if (viewer.kind === 'moderator') return upto;
  if (viewer.kind === 'spectator' && upto === g.version) return g.meta.publicEvents;
  if (!cursors) throw new Error('versionFor needs the cursor index for this viewer');
  return cursors.count(viewer, upto);
}

/** Widest global range one page reads to find the viewer's next events (the rest waits for the next page). */
const SPAN_FACTOR = 4;

/**
 * The viewer's next events after his cursor `from` (a number in his own numbering, 0 at the start), at most
 * `limit` of them and none past global version `upto`, renumbered in his numbering (the moderator's is the global
 * one), with their global numbers. `last` is the number of the last event returned (`from` when none), `through`
 * the global number the viewer has now seen everything up to.
 */
export async function readAfter(
  service: GameService,
  gameId: string,
  cursors: Cursors,
  viewer: Viewer,
  from: number,
  limit: number,
  upto: number,
): Promise<{ events: StoredEvent[]; globals: number[]; last: number; through: number }> {
  const after = cursors.globalOf(viewer, from);
  if (after === undefined) return { events: [], globals: [], last: from, through: upto };
  let seqs = cursors.next(viewer, after, limit, upto);
  if (seqs.length === 0) return { events: [], globals: [], last: from, through: upto };
  const first = seqs[0]!;
  // A spectator between many hidden events: read a bounded range now, the rest on the next page.
  const span = Math.max(limit, 64) * SPAN_FACTOR;
  if (seqs.at(-1)! - first >= span) seqs = seqs.filter((g) => g - first < span);
  const raw = await service.read(gameId, first, seqs.at(-1)! - first + 1);
  const events: StoredEvent[] = [];
  let i = 0;
  for (const e of raw) {
    if (e.seq !== seqs[i]) continue;
    events.push({ seq: viewer.kind === 'moderator' ? e.seq : from + 1 + i, event: e.event });
    i++;
  }
  return { events, globals: seqs.slice(0, i), last: events.at(-1)?.seq ?? from, through: seqs[i - 1] ?? after };
}

/**
 * The private conversation with the moderator. A player sees what was addressed to him alone or to a list of
 * players including him (role message, acknowledgements, results, rejections, his own PMs); the moderator sees
 * what was addressed to the moderator and every player's PMs.
 */
export function inboxItems(c: ViewContext, viewer: Viewer, events: readonly StoredEvent[]): Item[] {
  const out: Item[] = [];
  for (const { seq, event: e } of visible(viewer, events)) {
    const a = e.audience;
    const mine = viewer.kind === 'moderator' ? a.kind === 'moderator' || e.type === 'pm.received' || e.type === 'pm.forwarded' : a.kind === 'players';
    if (!mine) continue;
    const ev = typed<HostRead>(e);
    // To whom a private line went, for the moderator: an arrow and the names, in no language (issue 25 item 4).
    const to = a.kind === 'players' && viewer.kind === 'moderator' ? `→ ${a.ids.map((id) => nameOf(c, id)).join(', ')}` : undefined;
    switch (ev.type) {
      case 'message': {
        const parts = ev.data.parts;
        // The moderator reads each PM once: as the PM itself (pm.received / pm.forwarded, by its sender's name), not
        // again as the forwarding note that goes with it.
        if (viewer.kind === 'moderator' && parts[0]?.key === 'MSG-PM-TO-MOD') break;
        // CIT-ENG-5: a player reads who of the staff wrote to him (its duty's signature).
        const from = viewer.kind === 'player' ? signatureOf(c.variant, c.locale, a) : undefined;
        const author = to ?? from;
        out.push(item(c, seq, e, { kind: 'message', code: parts[0]?.key, text: render(c, parts), parts, ...(author ? { author } : {}) }));
        break;
      }
      case 'command.rejected':
        // A refusal is the system's answer: to the moderator it shows to whom it went, to the player under no name.
        out.push(
          keyedItem(
            c,
            seq,
            e,
            'rejection',
            { key: ev.data.code, params: ev.data.params },
            viewer.kind === 'moderator' ? `→ ${nameOf(c, ev.data.player ?? ev.data.by)}` : undefined,
          ),
        );
        break;
      case 'pm.received':
      case 'pm.forwarded': {
        // `from` is the sender's seat (pm.received) or his name (pm.forwarded): the moderator reads a name. A rulebook
        // that records a PM both as received and as forwarded (mafia-de) shows it once.
        const author = viewer.kind === 'moderator' ? nameOf(c, ev.data.from) : undefined;
        const last = out.at(-1);
        if (last?.kind === 'sent' && last.at === e.at && last.author === author && last.text === ev.data.text) break;
        out.push(item(c, seq, e, { kind: 'sent', author, text: ev.data.text }));
        break;
      }
      case 'role.assigned': {
        const role = c.variant.roles.find((r) => r.id === ev.data.role);
        out.push(item(c, seq, e, { kind: 'role', code: String(ev.data.role), text: role?.names[c.locale] ?? role?.names.en ?? String(ev.data.role) }));
        break;
      }
      case 'moderator.flag':
        out.push(keyedItem(c, seq, e, 'flag', { key: ev.data.reason, params: ev.data.params }));
        break;
      default:
        break;
    }
  }
  return out;
}

/** Members of a team who may write there now: named by its latest team event and still in the game. */
export function activeMembers(s: GameState<unknown>, teams: Readonly<Record<string, readonly PlayerId[]>>, team: string): PlayerId[] {
  return (own(teams, team) ?? []).filter((id) => s.players[id]?.status === 'alive');
}

/** A team channel as the viewer may see it: the engine's team messages and the members' chat. */
export function teamItems(c: ViewContext, viewer: Viewer, team: string, events: readonly StoredEvent[]): Item[] {
  const out: Item[] = [];
  for (const { seq, event: e } of visible(viewer, events)) {
    if (e.audience.kind !== 'team' || e.audience.team !== team) continue;
    const ev = typed(e);
    if (ev.type === 'message')
      out.push(item(c, seq, e, { kind: 'message', code: ev.data.parts[0]?.key, text: render(c, ev.data.parts), parts: ev.data.parts }));
    else if (ev.type === 'team.chat') out.push(item(c, seq, e, { kind: 'chat', author: ev.data.name, text: ev.data.text }));
    else if (ev.type === 'team.formed') out.push(item(c, seq, e, { kind: 'team', text: ev.data.members.map((id) => nameOf(c, id)).join(', ') }));
  }
  return out;
}

/** One line of a vote count. */
export interface VoteLine {
  readonly target: string;
  readonly votes: number;
  readonly voters: string[];
  /** The channel whose vote this line belongs to, when the game votes in several (one per city). */
  readonly channel?: string;
}

/** The live vote count (public: votes are thread posts). */
export interface VoteCount {
  readonly round: number;
  readonly phase: string;
  readonly lines: VoteLine[];
  /** Players in the game who have not voted. */
  readonly notVoted: string[];
  /** With a vote per thread: who has not voted, by channel. */
  readonly notVotedIn?: Record<string, string[]>;
}

/** True when the viewer may see the live vote count: always for public ballots, only the moderator for private ones. */
export function seesVoteCount(variant: Variant<unknown>, viewer: Viewer): boolean {
  return (variant.ballots ?? 'public') === 'public' || viewer.kind === 'moderator';
}

/** The live count as `viewer` may see it (null for a private ballot unless he is the moderator). */
export function voteCountFor(variant: Variant<unknown>, s: GameState<unknown>, viewer: Viewer): VoteCount | null {
  return seesVoteCount(variant, viewer) ? voteCount(variant, s) : null;
}

/**
 * The live count of the open vote, as the rulebook declares it (`Variant.voteCount`): null when the game is not
 * running or no vote is open. Who may see it is `voteCountFor`'s decision.
 */
export function voteCount(variant: Variant<unknown>, s: GameState<unknown>): VoteCount | null {
  if (s.status !== 'running') return null;
  const c = variant.voteCount(s);
  return c ? namedCount(s, c) : null;
}

/** A count of ids (a rulebook's, a recount's) as the API shows it: players by their names now. */
export function namedCount(s: GameState<unknown>, c: LiveCount): VoteCount {
  const nm = (id: string) => s.players[id]?.name ?? id;
  return {
    round: c.round,
    phase: c.phase,
    lines: c.lines.map((l) => ({
      target: nm(l.target),
      votes: l.voters.length,
      voters: l.voters.map(nm),
      ...(l.channel !== undefined ? { channel: l.channel } : {}),
    })),
    notVoted: c.notVoted.map(nm),
    ...(c.notVotedIn !== undefined ? { notVotedIn: Object.fromEntries(Object.entries(c.notVotedIn).map(([ch, ids]) => [ch, ids.map(nm)])) } : {}),
  };
}

/** The next deadline, if the game is waiting for one. */
export function nextDeadline(s: GameState<unknown>): { at: number; time: string; kind: string; id: string } | null {
  if (s.pausedSince !== undefined || s.status === 'ended' || s.status === 'cancelled') return null;
  const d = s.deadlines[0];
  return d ? { at: d.at, time: isoLocal(d.at, s.config.timeZone), kind: d.kind, id: d.id } : null;
}

/**
 * Players as everyone may see them: names and status; roles only once revealed by the game's end; the rulebook's
 * own condition (ghost, detained, …) when it has more than in/out, since such a rulebook announces every change.
 */
export function publicPlayers(s: GameState<unknown>, variant?: Pick<Variant<unknown>, 'condition'>): PublicPlayer[] {
  const ended = s.status === 'ended';
  return s.order.map((id) => {
    const p = s.players[id]!;
    const condition = variant?.condition?.(s, id);
    return {
      id,
      name: p.name,
      status: p.status,
      removedHow: p.removedHow ?? null,
      role: ended ? (p.role ?? null) : null,
      ...(condition !== undefined ? { condition } : {}),
    };
  });
}

/** Event types the moderator's audit log lists. */
const AUDIT = new Set([
  'game.hosted',
  'moderator.added',
  'moderator.action',
  'moderator.flag',
  'deadline.fired',
  'game.paused',
  'game.resumed',
  'game.started',
  'game.cancelled',
  'game.ended',
  'player.substituted',
  'player.removed',
  'player.restored',
  // CIT-ACT-7: warnings issued to (and revoked from) players' cross-game profiles.
  'player.warned',
  'player.warning.revoked',
  // The moderator's reminder leads (issue 26).
  'reminders.set',
]);

/**
 * The audit log: who did what when, as the moderator `viewer` may see it. Staff holding one capacity (CIT-ENG-3) read
 * only the audited events of their duty, as everywhere else: a Consigliere's `hint` names a mafioso, a Prokurator's
 * `tell` carries his private words.
 */
export function auditItems(
  c: ViewContext,
  viewer: Viewer,
  events: readonly StoredEvent[],
): { seq: number; at: number; time: string; type: string; data: unknown }[] {
  return events
    .filter((e) => AUDIT.has(e.event.type) && canSee(viewer, e.event.audience))
    .map(({ seq, event: e }) => ({ seq, at: e.at, time: time(c, e.at), type: e.type, data: e.data }));
}
