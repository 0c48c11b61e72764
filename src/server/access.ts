// Who the caller is in one game: a moderator (the host or a co-moderator), a player (by the seat that carries
// the account's name, alive or not), or a spectator. Every game route and WebSocket message derives its viewer
// from this, at the moment it answers, so a substitution or a death takes effect at once.
import type { Principal } from '../app/accounts.ts';
import { nameKey } from '../app/accounts.ts';
import { AppError } from '../app/errors.ts';
import type { LoadedGame } from '../app/game-service.ts';
import type { PlayerId, Viewer } from '../core/types.ts';

/** The caller's part in a game. */
export type Role =
  | { readonly kind: 'moderator'; readonly name: string; readonly duties?: readonly string[] }
  | { readonly kind: 'player'; readonly id: PlayerId; readonly name: string; readonly alive: boolean }
  | { readonly kind: 'spectator'; readonly name?: string };

/** Resolves the caller's role in a game. */
export function roleIn(g: LoadedGame, p: Principal | undefined): Role {
  if (!p) return { kind: 'spectator' };
  const key = p.account.nameKey;
  if (g.meta.moderators.some((m) => nameKey(m) === key)) {
    // CIT-ENG-2, CIT-ENG-3: a rulebook with staff capacities says which of them this staff member holds.
    const duties = g.variant.staffDuties?.(g.state, p.account.name);
    return duties === undefined ? { kind: 'moderator', name: p.account.name } : { kind: 'moderator', name: p.account.name, duties };
  }
  const s = g.state;
  for (const id of s.order) {
    const pl = s.players[id]!;
    if (nameKey(pl.name) === key) return { kind: 'player', id, name: pl.name, alive: pl.status === 'alive' };
  }
  return { kind: 'spectator', name: p.account.name };
}

/** The engine viewer of a role. */
export function viewerOf(r: Role): Viewer {
  if (r.kind === 'moderator') return r.duties === undefined ? { kind: 'moderator' } : { kind: 'moderator', duties: r.duties };
  return r.kind === 'player' ? { kind: 'player', id: r.id } : { kind: 'spectator' };
}

/** Requires the moderator. */
export function requireModerator(r: Role): Extract<Role, { kind: 'moderator' }> {
  if (r.kind !== 'moderator') throw new AppError('game.moderator_only', 403, 'only a moderator of this game may do this');
  return r;
}

/** Requires a player of the game (alive or not: the engine decides what a dead player may still do). */
export function requirePlayer(r: Role): Extract<Role, { kind: 'player' }> {
  if (r.kind !== 'player') throw new AppError('game.not_a_player', 403, 'only a player of this game may do this');
  return r;
}
