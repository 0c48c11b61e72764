// Players' cross-game profiles (mafia-cities «Овощ», CIT-ACT-7): the warnings a game issues are engine events; the
// host writes each one's profile row under the account's folded name in the same transaction as the events (so a
// crash can never keep the event and lose the row), and staff see them at signups (CIT-SET-1). Only the process
// that commits the events writes them (a shared store's followers do not), and every row is keyed by its event, so
// a retry writes nothing twice.
import type { GameEvent, PlayerId } from '../core/types.ts';
import type { EngineEvent } from '../engine/events.ts';
import { typed } from '../engine/events.ts';
import type { GameState } from '../engine/state.ts';
import type { WarningRecord, WarningStore, WarningWrite } from '../store/types.ts';
import { nameKey } from './accounts.ts';

/** The profile rows a game's events about to be committed write or revoke; the first of them will be number `firstSeq`. */
export function warningWrites(gameId: string, firstSeq: number, events: readonly GameEvent[]): WarningWrite[] {
  const out: WarningWrite[] = [];
  events.forEach((event, i) => {
    const e = typed(event) as EngineEvent;
    const seq = firstSeq + i;
    if (e.type === 'player.warned') {
      const d = e.data;
      out.push({ add: { gameId, seq, nameKey: nameKey(d.name), name: d.name, kind: d.kind, date: d.date, reason: d.reason, createdAt: e.at } });
    } else if (e.type === 'player.warning.revoked') {
      out.push({ revoke: { gameId, nameKey: nameKey(e.data.name), kind: e.data.kind, seq } });
    }
  });
  return out;
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
