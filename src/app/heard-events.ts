// The events other processes' commit notices carried (a shared store's LISTEN/NOTIFY), kept per game until the
// game's queue folds them in. A notice that names the latest version without its events (too large for a notice)
// still raises the version the game must reach, so the catch-up reads what the notices did not carry.
import type { GameEvent } from '../core/types.ts';
import type { CommitNotice, StoredEvent } from '../store/types.ts';

/** Notices heard per game: their events by first sequence number, and the highest version announced. */
export class HeardEvents {
  private readonly byGame = new Map<string, { latest: number; runs: Map<number, readonly GameEvent[]> }>();

  /** Keeps a notice's events (if it carries any) and its version. */
  note(n: CommitNotice): void {
    let g = this.byGame.get(n.streamId);
    if (!g) this.byGame.set(n.streamId, (g = { latest: 0, runs: new Map() }));
    g.latest = Math.max(g.latest, n.version);
    if (n.events && n.events.length > 0) g.runs.set(n.version - n.events.length + 1, n.events);
  }

  /** The highest version a notice announced for the game, if any is pending. */
  latest(gameId: string): number | undefined {
    return this.byGame.get(gameId)?.latest;
  }

  /**
   * The heard events that follow `version` without a gap, as stored events; forgets everything at or below the
   * version they reach (and the game itself once nothing newer is pending).
   */
  take(gameId: string, version: number): StoredEvent[] {
    const g = this.byGame.get(gameId);
    if (!g) return [];
    const out: StoredEvent[] = [];
    for (let run = g.runs.get(version + 1); run; run = g.runs.get(version + out.length + 1)) {
      const from = version + out.length + 1;
      for (const [i, event] of run.entries()) out.push({ seq: from + i, event });
    }
    const reached = version + out.length;
    for (const first of g.runs.keys()) if (first <= reached) g.runs.delete(first);
    if (g.latest <= reached) this.byGame.delete(gameId);
    return out;
  }
}
