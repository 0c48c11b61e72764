// Moderator actions of a variant (a reusable piece): a table of named handlers over JSON arguments. A handler
// refuses by throwing a ModRefusal before it emits anything; the runner turns it into a rejection of the command.
import type { Command, PlayerId } from '../core/types.ts';
import type { Builder } from './builder.ts';
import type { Named, NameMatch } from './names.ts';
import type { GameState } from './state.ts';

/** A refused moderator action: a rejection code and its parameters. */
export class ModRefusal {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number>,
  ) {}
}

/** Refuses the running action with R-MOD-ARGS and a readable detail. */
export function refuse(detail: string): never {
  throw new ModRefusal('R-MOD-ARGS', { detail });
}

/** A table of moderator actions by name. */
export type ModActions<V> = Record<string, (b: Builder<V>, args: Record<string, unknown>) => void>;

/**
 * Resolves the player named by `args[key]` with the variant's name matcher, or refuses: a non-string with
 * R-MOD-ARGS, an unknown or ambiguous name with `nameCode` (its parameter named `nameParam`).
 */
export function argPlayer<V>(
  s: GameState<V>,
  args: Record<string, unknown>,
  match: (text: string, players: readonly Named[]) => NameMatch,
  key = 'name',
  nameParam = 'text',
): PlayerId {
  const raw = args[key];
  if (typeof raw !== 'string') refuse(`"${key}" must be a player name`);
  const m = match(
    raw,
    s.order.map((id) => s.players[id]!),
  );
  if (m.kind !== 'one') throw new ModRefusal('R-NAME', { [nameParam]: raw });
  return m.id;
}

/** Runs the named action from the table; false when the table has no such action. */
export function runModAction<V>(b: Builder<V>, cmd: Extract<Command, { type: 'mod' }>, actions: ModActions<V>): boolean {
  const fn = Object.hasOwn(actions, cmd.mod.action) ? actions[cmd.mod.action] : undefined;
  if (!fn) return false;
  try {
    fn(b, (cmd.mod.args ?? {}) as Record<string, unknown>);
  } catch (e) {
    if (e instanceof ModRefusal) b.reject(cmd.actor, e.code, e.params);
    else throw e;
  }
  return true;
}
