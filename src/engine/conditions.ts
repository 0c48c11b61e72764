// Player conditions beyond "in the game / out" (a reusable piece): a rulebook names its conditions (active,
// detained, ghost, …) and the rights each grants as data; code asks `may` instead of testing condition names, so a
// new condition or right is a table edit. The conditions themselves live in the rulebook's slice.
import type { PlayerId } from '../core/types.ts';

/** A rulebook's conditions and, for each, the rights it grants. */
export type RightsTable<C extends string, R extends string> = Readonly<Record<C, readonly R[]>>;

/** Conditions by player (a player missing from the map is in `fallback`). */
export type Conditions<C extends string> = Readonly<Record<PlayerId, C>>;

/** A rights table with its lookups, made once per rulebook. */
export interface ConditionRules<C extends string, R extends string> {
  readonly table: RightsTable<C, R>;
  /** The condition of a player. */
  of(conds: Conditions<C>, id: PlayerId): C;
  /** True when a player's condition grants the right. */
  may(conds: Conditions<C>, id: PlayerId, right: R): boolean;
  /** The players (in the given order) whose condition grants the right. */
  holders(conds: Conditions<C>, order: readonly PlayerId[], right: R): PlayerId[];
}

/** Builds the lookups of a rights table; `fallback` is the condition of a player the map does not name. */
export function defineConditions<C extends string, R extends string>(table: RightsTable<C, R>, fallback: C): ConditionRules<C, R> {
  const sets = new Map<C, ReadonlySet<R>>(Object.entries(table).map(([c, rs]) => [c as C, new Set(rs as readonly R[])]));
  // Most lookups miss (a player in the fallback condition); an own-property check is needed only for a hit.
  const of = (conds: Conditions<C>, id: PlayerId): C => {
    const c = conds[id];
    return c !== undefined && Object.hasOwn(conds, id) ? c : fallback;
  };
  const may = (conds: Conditions<C>, id: PlayerId, right: R): boolean => sets.get(of(conds, id))?.has(right) === true;
  return { table, of, may, holders: (conds, order, right) => order.filter((id) => may(conds, id, right)) };
}
