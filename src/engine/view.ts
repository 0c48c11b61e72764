// What a viewer may see of a game: every event whose audience includes the viewer, and nothing of the others —
// not even their number. Each viewer has his own numbering of the stream (his n-th event is his seq n; the
// moderator keeps the global numbers), so a stream has no gaps and says nothing of how many events are hidden
// between two he sees, nor when they happened.
import type { Audience, GameEvent, Viewer } from '../core/types.ts';

/** An event as one viewer receives it: its number in his numbering, its global number, the event. */
export type VisibleEvent = { readonly seq: number; readonly global: number; readonly event: GameEvent };

/**
 * True when a viewer is in an audience. The moderator sees all but the sealed seed; staff who hold capacities see an
 * event of a duty only when they hold it (CIT-ENG-3).
 */
export function canSee(viewer: Viewer, audience: Audience): boolean {
  switch (audience.kind) {
    case 'public':
      return true;
    case 'secret':
      return false;
    case 'moderator':
      return staffSees(viewer, audience.duty);
    case 'players':
    case 'team':
      return staffSees(viewer, audience.duty) || (viewer.kind === 'player' && audience.ids.includes(viewer.id));
  }
}

/** True when the viewer is staff holding the duty (or every duty: no capacities given, or an event of none). */
function staffSees(viewer: Viewer, duty: string | undefined): boolean {
  return viewer.kind === 'moderator' && (viewer.duties === undefined || duty === undefined || viewer.duties.includes(duty));
}

/** The events of a whole stream (from its first event) that `viewer` may see, numbered in his numbering. */
export function viewFor(viewer: Viewer, events: readonly GameEvent[]): VisibleEvent[] {
  const out: VisibleEvent[] = [];
  events.forEach((event, i) => {
    if (canSee(viewer, event.audience)) out.push({ seq: viewer.kind === 'moderator' ? i + 1 : out.length + 1, global: i + 1, event });
  });
  return out;
}

/** Index of the first element of a sorted array greater than `x` (= how many are ≤ x). */
function upper(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each viewer's own numbering of a stream. A spectator's event n is the n-th public event, a player's the n-th
 * event he may see, so his sequence numbers, versions and cursors say nothing of the events hidden from him (not
 * their number, not their rhythm). The moderator keeps the global numbers. Visibility of an event never changes
 * (audiences freeze their member ids), so the index only grows: lookups are binary searches, not scans.
 */
export class Cursors {
  private total = 0;
  private readonly pub: number[] = [];
  /** Per player: the global numbers of the non-public events he may see. */
  private readonly own = new Map<string, number[]>();
  /** Global numbers the moderator may not see (the sealed seed and key). */
  private readonly secret: number[] = [];
  /** Per staff duty: the global numbers of the events of that duty (staff without it do not see them, CIT-ENG-3). */
  private readonly duty = new Map<string, number[]>();

  /** Global events indexed. */
  get size(): number {
    return this.total;
  }

  /** Indexes the next event (global number size + 1). */
  add(audience: Audience): void {
    const seq = ++this.total;
    if (audience.kind === 'public') this.pub.push(seq);
    else if (audience.kind === 'secret') this.secret.push(seq);
    else if (audience.kind === 'players' || audience.kind === 'team')
      for (const id of new Set(audience.ids)) {
        let a = this.own.get(id);
        if (!a) this.own.set(id, (a = []));
        a.push(seq);
      }
    if (audience.kind !== 'public' && audience.kind !== 'secret' && audience.duty !== undefined) {
      let a = this.duty.get(audience.duty);
      if (!a) this.duty.set(audience.duty, (a = []));
      a.push(seq);
    }
  }

  /** Forgets events after global number n (a commit that failed). */
  truncate(n: number): void {
    if (n >= this.total) return;
    this.total = n;
    const cut = (a: number[]) => {
      a.length = upper(a, n);
    };
    cut(this.pub);
    cut(this.secret);
    for (const a of this.own.values()) cut(a);
    for (const a of this.duty.values()) cut(a);
  }

  /** How many of the first `upto` global events the viewer may see: his version at that point. */
  count(viewer: Viewer, upto = this.total): number {
    const n = Math.min(upto, this.total);
    if (viewer.kind === 'moderator') return n;
    const pub = upper(this.pub, n);
    return viewer.kind === 'player' ? pub + upper(this.own.get(viewer.id) ?? [], n) : pub;
  }

  /** The global number of the viewer's k-th event (0 for k = 0), or undefined past his last one. */
  globalOf(viewer: Viewer, k: number): number | undefined {
    if (k <= 0) return 0;
    if (viewer.kind === 'moderator') return k <= this.total ? k : undefined;
    if (viewer.kind === 'spectator') return this.pub[k - 1];
    if (k > this.count(viewer)) return undefined;
    // The smallest g with count(g) ≥ k: a binary search over the global numbers.
    let lo = 1;
    let hi = this.total;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.count(viewer, mid) >= k) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The global numbers of the next (at most `limit`) events the viewer may see after global number `after`, up to `upto`. */
  next(viewer: Viewer, after: number, limit: number, upto = this.total): number[] {
    const end = Math.min(upto, this.total);
    const out: number[] = [];
    if (viewer.kind === 'moderator') {
      // Staff keep the global numbering; what they may not see (the seal, duties they lack) is skipped.
      const hidden = [this.secret, ...[...this.duty].filter(([d]) => viewer.duties !== undefined && !viewer.duties.includes(d)).map(([, a]) => a)];
      const at = hidden.map((a) => upper(a, after));
      for (let g = after + 1; g <= end && out.length < limit; g++) {
        let skip = false;
        hidden.forEach((a, k) => {
          while ((a[at[k]!] ?? Number.POSITIVE_INFINITY) < g) at[k]!++;
          if (a[at[k]!] === g) skip = true;
        });
        if (!skip) out.push(g);
      }
      return out;
    }
    const own = viewer.kind === 'player' ? (this.own.get(viewer.id) ?? []) : [];
    let i = upper(this.pub, after);
    let j = upper(own, after);
    while (out.length < limit) {
      const a = this.pub[i] ?? Number.POSITIVE_INFINITY;
      const b = own[j] ?? Number.POSITIVE_INFINITY;
      const g = Math.min(a, b);
      if (g > end) break;
      out.push(g);
      if (a === g) i++;
      else j++;
    }
    return out;
  }
}
