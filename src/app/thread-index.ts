// Post numbers and the vote log of each game, kept beside the game service: built from the store on first use and
// extended with every commit (issue 26 items 7 and 8). A post's number is its place among the lines of its channel that the viewer may
// see (architecture.md «Audiences and views»): the main thread and every public thread hold public lines only, so
// everyone numbers them alike and a number reveals no hidden event; a private channel (a family, a court, a team) is
// numbered among the lines its reader sees. Numbered lines are what a channel's view shows as posts: a player's post,
// an announcement, a team's message or chat line (not an edit, which stays with its post).
import type { Audience, GameEvent, Viewer } from '../core/types.ts';
import { channelOfEvent, MAIN_CHANNEL } from '../engine/channels.ts';
import { typed } from '../engine/events.ts';
import type { GameState } from '../engine/state.ts';
import { canSee } from '../engine/view.ts';
import type { NameIndex } from '../engine/vote-log.ts';
import type { GameService } from './game-service.ts';
import { nameIndexOf, VoteRecorder } from './vote-history.ts';

/** The key of a team channel's numbering (its view is /teams/:team). */
export const teamChannel = (team: string) => `team:${team}`;

/** The channel whose numbering an event is a line of, if it is a numbered line at all. */
export function lineChannel(e: GameEvent): string | undefined {
  const ev = typed(e);
  if (ev.type === 'post.published' || ev.type === 'message') {
    if (ev.data.channel !== undefined) return channelOfEvent(ev.data);
    if (e.audience.kind === 'public') return MAIN_CHANNEL;
    // A team's message without a channel is a line of the team's channel (app/views.ts teamItems).
    return ev.type === 'message' && e.audience.kind === 'team' ? teamChannel(e.audience.team) : undefined;
  }
  if (ev.type === 'team.chat') return teamChannel(ev.data.team);
  return undefined;
}

/** One channel's numbered lines: their global numbers, and their audiences where some are not public. */
class Lines {
  readonly globals: number[] = [];
  readonly audiences: Audience[] = [];
  allPublic = true;

  add(global: number, audience: Audience): void {
    this.globals.push(global);
    this.audiences.push(audience);
    if (audience.kind !== 'public') this.allPublic = false;
  }

  /** The global numbers of the lines the viewer may see, in order (his post n is at index n − 1). */
  seen(viewer: Viewer): readonly number[] {
    return this.allPublic ? this.globals : this.globals.filter((_, i) => canSee(viewer, this.audiences[i]!));
  }
}

/** Index of `x` in a sorted array, or -1. */
function find(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return a[lo] === x ? lo : -1;
}

/** A game's index as far as it is read: numbered lines per channel, and the vote log. */
export class GameIndex {
  /** The global version indexed. */
  upto = 0;
  private readonly lines = new Map<string, Lines>();

  constructor(readonly votes: VoteRecorder) {}

  /** Indexes the event with the next global number. */
  add(e: GameEvent): void {
    const global = ++this.upto;
    const channel = lineChannel(e);
    if (channel !== undefined) {
      let l = this.lines.get(channel);
      if (!l) this.lines.set(channel, (l = new Lines()));
      l.add(global, e.audience);
    }
    this.votes.add(global, e);
  }

  /** A channel's numbering as the viewer sees it. */
  numbering(viewer: Viewer, channel: string): Numbering {
    return new Numbering(this.lines.get(channel)?.seen(viewer) ?? []);
  }
}

/** One viewer's numbering of one channel. */
export class Numbering {
  /** @param posts the global numbers of the lines he sees, in order (his post n at index n − 1) */
  constructor(readonly posts: readonly number[]) {}

  /** How many posts he sees. */
  get count(): number {
    return this.posts.length;
  }

  /** His number of the line with global number `global`, if it is one he sees. */
  numberOf(global: number): number | undefined {
    const i = find(this.posts, global);
    return i < 0 ? undefined : i + 1;
  }

  /** The global number of his post `n`, if there is one. */
  globalOf(n: number): number | undefined {
    return Number.isInteger(n) && n >= 1 ? this.posts[n - 1] : undefined;
  }
}

/** How many events one read of the store brings into an index. */
const PAGE = 2000;

/** The indexes of a service's games, each read on first use and extended with the log as it grows. */
export class ThreadIndex {
  private readonly games = new Map<string, GameIndex>();
  private readonly updating = new Map<string, Promise<GameIndex>>();

  constructor(private readonly service: GameService) {
    // Commits (this process's and those heard from others) extend an index already built, so a page read after a
    // post costs no read of the store; an index a commit skipped (a gap) reads on from the store when next asked.
    service.onCommit((g, events) => {
      const idx = this.games.get(g.id);
      if (idx) for (const e of events) if (e.seq === idx.upto + 1) idx.add(e.event);
    });
  }

  /** The game's index, up to (at least) the game's version when called. */
  async of(gameId: string): Promise<GameIndex> {
    const want = this.service.get(gameId).version;
    // An update already running may have started before the latest commit: then read on once more.
    for (let tries = 0; ; tries++) {
      const have = this.games.get(gameId);
      if (have && (have.upto >= want || tries > 2)) return have;
      let p = this.updating.get(gameId);
      if (!p) {
        p = this.extend(gameId).finally(() => this.updating.delete(gameId));
        this.updating.set(gameId, p);
      }
      await p;
    }
  }

  private async extend(gameId: string): Promise<GameIndex> {
    const g = this.service.get(gameId);
    let idx = this.games.get(gameId);
    if (!idx) {
      // Names in a result post are looked up among the seats' names, past ones included (a substitute's predecessor).
      let names: [GameState<unknown>, NameIndex] | undefined;
      const lookup: NameIndex = (name) => {
        const s = this.service.get(gameId).state;
        if (names?.[0] !== s) names = [s, nameIndexOf(s)];
        return names[1](name);
      };
      idx = new GameIndex(new VoteRecorder(g.variant, lookup));
      this.games.set(gameId, idx);
    }
    const target = g.version;
    while (idx.upto < target) {
      const page = await this.service.read(gameId, idx.upto + 1, Math.min(PAGE, target - idx.upto));
      if (page.length === 0) break;
      for (const e of page) if (e.seq === idx.upto + 1) idx.add(e.event);
      // A long log is read a page per turn, so requests of other games are answered meanwhile.
      await new Promise<void>((r) => setImmediate(r));
    }
    return idx;
  }
}

const indexes = new WeakMap<GameService, ThreadIndex>();

/** The thread index of a game service (one per service, made on first use). */
export function threadIndexOf(service: GameService): ThreadIndex {
  let i = indexes.get(service);
  if (!i) indexes.set(service, (i = new ThreadIndex(service)));
  return i;
}
