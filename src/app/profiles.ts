// Players' cross-game profiles (mafia-cities «Овощ», CIT-ACT-7): the warnings a game issues are engine events; when
// their commit lands, the host records them under the account's folded name, and staff see them at signups
// (CIT-SET-1). Only the process that committed the events records them (a shared store's followers do not), and
// every record is keyed by its event, so a retry writes nothing twice.
import type { PlayerId } from '../core/types.ts';
import type { EngineEvent } from '../engine/events.ts';
import { typed } from '../engine/events.ts';
import type { GameState } from '../engine/state.ts';
import type { StoredEvent, WarningRecord, WarningStore } from '../store/types.ts';
import { nameKey } from './accounts.ts';

/** Records the warnings and revocations among a game's newly committed events. */
export async function recordWarnings(store: WarningStore, gameId: string, stored: readonly StoredEvent[]): Promise<void> {
  for (const { seq, event } of stored) {
    const e = typed(event) as EngineEvent;
    if (e.type === 'player.warned') {
      const d = e.data;
      await store.addWarning({ gameId, seq, nameKey: nameKey(d.name), name: d.name, kind: d.kind, date: d.date, reason: d.reason, createdAt: e.at });
    } else if (e.type === 'player.warning.revoked') {
      await store.revokeWarning({ gameId, nameKey: nameKey(e.data.name), kind: e.data.kind, seq });
    }
  }
}

/** One player's standing warnings from other games, as staff see them at signups. */
export interface PlayerWarnings {
  readonly player: PlayerId;
  readonly name: string;
  readonly count: number;
  readonly warnings: readonly Omit<WarningRecord, 'nameKey' | 'seq' | 'revokedSeq'>[];
}

/** CIT-SET-1, CIT-ACT-7: each signed-up player's standing warnings from earlier games (signup order). */
export async function signupWarnings(store: WarningStore, gameId: string, s: GameState<unknown>): Promise<PlayerWarnings[]> {
  const keys = s.order.map((id) => nameKey(s.players[id]!.name));
  const all = (await store.warningsOf(keys)).filter((w) => w.gameId !== gameId);
  return s.order.map((id) => {
    const name = s.players[id]!.name;
    const mine = all.filter((w) => w.nameKey === nameKey(name));
    return {
      player: id,
      name,
      count: mine.length,
      warnings: mine.map((w) => ({ gameId: w.gameId, name: w.name, kind: w.kind, date: w.date, reason: w.reason, createdAt: w.createdAt })),
    };
  });
}
