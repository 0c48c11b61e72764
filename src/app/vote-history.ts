// The vote history of a game as one viewer may know it (issue 26 item 8): every vote, change, withdrawal and voided
// ballot with its time and the post that cast it, and the count as it stood at any past post. It is a fold of the
// rulebook's vote steps (engine/vote-log.ts, `Variant.voteSteps`) over the events the viewer may see, so a ballot the
// rules keep secret never reaches him: mafia-de's ballots are private events (DE-VOTE-7), and a reader who does not
// see the live count learns the ballots from the day's result post alone. Nothing here reads a rulebook's state.
import type { Audience, GameEvent, PlayerId, Viewer } from '../core/types.ts';
import { channelOfEvent } from '../engine/channels.ts';
import { typed } from '../engine/events.ts';
import type { GameState } from '../engine/state.ts';
import type { LiveCount, Variant } from '../engine/variant.ts';
import { canSee } from '../engine/view.ts';
import type { BallotMark, NameIndex, VoteOrder, VoteStep } from '../engine/vote-log.ts';

/** The seats and the game's running state as the engine's public events change them (for who has not voted). */
type SeatStep =
  | { readonly kind: 'seat'; readonly player: PlayerId }
  | { readonly kind: 'unseat'; readonly player: PlayerId }
  | { readonly kind: 'alive'; readonly player: PlayerId; readonly alive: boolean }
  | { readonly kind: 'running'; readonly running: boolean };

/** A post by its global number and its channel (a ballot's post, a result post). */
export interface PostRef {
  readonly global: number;
  readonly channel: string;
}

/** One step of the vote log with the event it came from. */
export interface VoteRecord {
  readonly global: number;
  readonly at: number;
  readonly audience: Audience;
  readonly step: VoteStep | SeatStep;
  /** The post that cast the ballot (a vote written in a thread), or the result post that published it. */
  readonly post?: PostRef;
}

/** Reads a game's events, in order, into its vote log. */
export class VoteRecorder {
  /** The log so far. */
  readonly records: VoteRecord[] = [];
  private lastPost: { readonly ref: PostRef; readonly author: PlayerId; readonly at: number } | undefined;

  constructor(
    private readonly variant: Pick<Variant<unknown>, 'voteSteps'>,
    private readonly names: NameIndex,
  ) {}

  /** Adds the event with global number `global`. */
  add(global: number, e: GameEvent): void {
    const ev = typed(e);
    const push = (step: VoteStep | SeatStep, post?: PostRef) => this.records.push({ global, at: e.at, audience: e.audience, step, ...(post ? { post } : {}) });
    switch (ev.type) {
      case 'post.published':
        this.lastPost = { ref: { global, channel: channelOfEvent(ev.data) }, author: ev.data.author, at: e.at };
        break;
      case 'player.signed_up':
        push({ kind: 'seat', player: ev.data.id });
        break;
      case 'player.withdrew':
        push({ kind: 'unseat', player: ev.data.id });
        break;
      case 'player.removed':
        push({ kind: 'alive', player: ev.data.player, alive: false });
        break;
      case 'player.restored':
        push({ kind: 'alive', player: ev.data.player, alive: true });
        break;
      case 'game.started':
        push({ kind: 'running', running: true });
        break;
      case 'game.ended':
      case 'game.cancelled':
        push({ kind: 'running', running: false });
        break;
      default:
        break;
    }
    for (const step of this.variant.voteSteps?.(ev, this.names) ?? []) {
      // A ballot written in a thread post comes from the same command as the post: same author, same instant.
      const cast = step.kind === 'cast' || step.kind === 'withdraw';
      const byPost = cast && this.lastPost && this.lastPost.author === step.voter && this.lastPost.at === e.at ? this.lastPost.ref : undefined;
      const result = step.kind === 'published' && ev.type === 'message' ? { global, channel: channelOfEvent(ev.data) } : undefined;
      push(step, byPost ?? result);
    }
  }
}

/** Finds a player by a name he has or had in the game (a result post names players as they were called then). */
export function nameIndexOf(s: GameState<unknown>): NameIndex {
  const by = new Map<string, PlayerId>();
  for (const id of s.order) {
    const p = s.players[id]!;
    for (const n of [...(p.formerNames ?? []), p.name]) by.set(n, id);
  }
  return (name) => by.get(name);
}

/** What happened to a ballot, as a line of the history. */
export type EntryKind = 'vote' | 'change' | 'unvote' | 'void' | 'restore' | 'published';

/** One line of the vote history. */
export interface HistoryEntry {
  readonly global: number;
  readonly at: number;
  readonly kind: EntryKind;
  readonly voter: PlayerId;
  /** The ballot's target (for `unvote` and `void`: the ballot taken back or dropped). */
  readonly target: PlayerId;
  /** The voter's earlier target, for a change. */
  readonly previous?: PlayerId;
  /** The thread the vote belongs to, when the game votes in several (one per city). */
  readonly channel?: string;
  /** Why a ballot was dropped (`removed`, `target`, `moderator`, `runoff`). */
  readonly why?: string;
  /** How a published ballot is marked (a default self-vote, a voided vote). */
  readonly mark?: BallotMark;
  readonly post?: PostRef;
}

/** The history of one vote (a day's vote, a runoff, a published result). */
export interface HistoryRound {
  readonly round: number;
  readonly phase: string;
  readonly entries: HistoryEntry[];
}

/** A recount: the count as it stands after the last step read, and the history up to it. */
export interface Recount {
  readonly count: LiveCount | null;
  readonly rounds: HistoryRound[];
}

/** How a viewer's recount reads the log. */
export interface RecountOptions {
  /** He sees the live ballots (a public ballot, or the moderator): else only published results count. */
  readonly live: boolean;
  readonly order: VoteOrder;
  /** Stop after the event with this global number (the count at a past post: with the ballots that post cast). */
  readonly upto?: number;
}

interface Ballot {
  readonly target: PlayerId;
  readonly at: number;
  readonly global: number;
}

/** The ballots of one vote: per channel ('' for a game's only vote), voter → ballot. */
type Ballots = Map<string, Map<PlayerId, Ballot>>;

/** The fold's state. */
interface Tally {
  running: boolean;
  open: boolean;
  round: number;
  phase: string;
  readonly order: PlayerId[];
  readonly alive: Set<PlayerId>;
  ballots: Ballots;
  /** The latest published result, until the next vote opens (readers of a private ballot). */
  published: { readonly round: number; readonly ballots: Extract<VoteStep, { kind: 'published' }>['ballots'] } | undefined;
}

/** Orders channel keys as people count: city-2 before city-10. */
const byChannel = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The viewer's recount of a game's vote log (see RecountOptions). */
export function recount(records: readonly VoteRecord[], viewer: Viewer, o: RecountOptions): Recount {
  const t: Tally = { running: false, open: false, round: 0, phase: '', order: [], alive: new Set(), ballots: new Map(), published: undefined };
  const rounds: HistoryRound[] = [];
  const note = (r: VoteRecord, entry: Omit<HistoryEntry, 'global' | 'at' | 'post'>) => {
    let cur = rounds.at(-1);
    if (!cur) {
      cur = { round: t.round, phase: t.phase, entries: [] };
      rounds.push(cur);
    }
    cur.entries.push({ global: r.global, at: r.at, ...entry, ...(r.post ? { post: r.post } : {}) });
  };
  const chan = (c: string) => (c === '' ? {} : { channel: c });
  for (const r of records) {
    // The count at a post holds the ballots that post cast (they follow it in the same command).
    if (o.upto !== undefined && r.global > o.upto && r.post?.global !== o.upto) continue;
    if (!canSee(viewer, r.audience)) continue;
    const s = r.step;
    switch (s.kind) {
      case 'seat':
        if (!t.order.includes(s.player)) t.order.push(s.player);
        t.alive.add(s.player);
        break;
      case 'unseat': {
        const i = t.order.indexOf(s.player);
        if (i >= 0) t.order.splice(i, 1);
        t.alive.delete(s.player);
        break;
      }
      case 'alive':
        if (s.alive) t.alive.add(s.player);
        else t.alive.delete(s.player);
        break;
      case 'running':
        t.running = s.running;
        break;
      case 'open':
        t.open = true;
        t.round = s.round;
        t.phase = s.phase;
        t.ballots = new Map();
        t.published = undefined;
        if (o.live) rounds.push({ round: s.round, phase: s.phase, entries: [] });
        break;
      case 'phase':
        t.phase = s.phase;
        break;
      case 'close':
        t.open = false;
        t.ballots = new Map();
        break;
      case 'cast': {
        if (!o.live) break;
        const c = s.channel ?? '';
        const box = t.ballots.get(c) ?? new Map<PlayerId, Ballot>();
        t.ballots.set(c, box);
        const before = box.get(s.voter);
        box.set(s.voter, { target: s.target, at: r.at, global: r.global });
        const changed = before !== undefined && before.target !== s.target;
        note(r, { kind: changed ? 'change' : 'vote', voter: s.voter, target: s.target, ...(changed ? { previous: before.target } : {}), ...chan(c) });
        break;
      }
      case 'withdraw': {
        if (!o.live) break;
        const c = s.channel ?? '';
        const before = t.ballots.get(c)?.get(s.voter);
        if (!before) break;
        t.ballots.get(c)!.delete(s.voter);
        note(r, { kind: 'unvote', voter: s.voter, target: before.target, ...chan(c) });
        break;
      }
      case 'void': {
        if (!o.live || (s.phase !== undefined && s.phase !== t.phase)) break;
        for (const [c, box] of [...t.ballots.entries()].sort(([a], [b]) => byChannel(a, b))) {
          for (const [voter, b] of [...box.entries()]) {
            const hit = s.voters?.includes(voter) || s.targets?.includes(b.target) || (s.keep !== undefined && !s.keep.includes(b.target));
            if (!hit) continue;
            box.delete(voter);
            note(r, { kind: 'void', voter, target: b.target, why: s.why, ...chan(c) });
          }
        }
        break;
      }
      case 'restore': {
        if (!o.live || !t.open || (s.phase !== undefined && s.phase !== t.phase)) break;
        const box = t.ballots.get('') ?? new Map<PlayerId, Ballot>();
        t.ballots.set('', box);
        for (const [voter, target] of Object.entries(s.ballots)) {
          box.set(voter, { target, at: r.at, global: r.global });
          note(r, { kind: 'restore', voter, target });
        }
        break;
      }
      case 'published': {
        if (!o.live) {
          t.published = { round: s.round, ballots: s.ballots };
          rounds.push({ round: s.round, phase: 'published', entries: [] });
        }
        for (const b of s.ballots) note(r, { kind: 'published', voter: b.voter, target: b.target, ...(b.mark ? { mark: b.mark } : {}) });
        break;
      }
    }
  }
  return { count: o.live ? liveCount(t, o.order) : publishedCount(t), rounds: rounds.filter((x) => x.entries.length > 0) };
}

/** The standing ballots as a count, ranked as the rulebook ranks them (`order`). */
function liveCount(t: Tally, order: VoteOrder): LiveCount | null {
  if (!t.running || !t.open) return null;
  const seat = (id: PlayerId) => t.order.indexOf(id);
  const lines: { target: PlayerId; voters: PlayerId[]; channel?: string }[] = [];
  const voted = new Set<PlayerId>();
  for (const c of [...t.ballots.keys()].sort(byChannel)) {
    const box = [...t.ballots.get(c)!.entries()];
    for (const [voter] of box) voted.add(voter);
    const rows = new Map<PlayerId, { voter: PlayerId; b: Ballot }[]>();
    for (const [voter, b] of box) rows.set(b.target, [...(rows.get(b.target) ?? []), { voter, b }]);
    const byTime = (x: { b: Ballot }, y: { b: Ballot }) => x.b.at - y.b.at || x.b.global - y.b.global;
    const ranked = [...rows.entries()].map(([target, vs]) => ({
      target,
      vs: order === 'time' ? [...vs].sort(byTime) : [...vs].sort((x, y) => seat(x.voter) - seat(y.voter)),
    }));
    ranked.sort((x, y) => y.vs.length - x.vs.length || (order === 'time' ? byTime(x.vs.at(-1)!, y.vs.at(-1)!) : seat(x.target) - seat(y.target)));
    for (const r of ranked) lines.push({ target: r.target, voters: r.vs.map((v) => v.voter), ...(c === '' ? {} : { channel: c }) });
  }
  const notVoted = t.order.filter((id) => t.alive.has(id) && !voted.has(id));
  return { round: t.round, phase: t.phase, lines, notVoted };
}

/** A published result as a count (what a reader of a private ballot knows), until the next vote opens. */
function publishedCount(t: Tally): LiveCount | null {
  const p = t.published;
  if (!p) return null;
  const seat = (id: PlayerId) => t.order.indexOf(id);
  const rows = new Map<PlayerId, PlayerId[]>();
  for (const b of [...p.ballots].sort((x, y) => seat(x.voter) - seat(y.voter))) rows.set(b.target, [...(rows.get(b.target) ?? []), b.voter]);
  const lines = [...rows.entries()]
    .map(([target, voters]) => ({ target, voters }))
    .sort((x, y) => y.voters.length - x.voters.length || seat(x.target) - seat(y.target));
  const notVoted = p.ballots.filter((b) => b.mark !== undefined).map((b) => b.voter);
  return { round: p.round, phase: 'published', lines, notVoted };
}
