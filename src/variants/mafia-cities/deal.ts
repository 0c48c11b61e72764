// The deal of a mafia-cities game (CIT-SET-3..7) as one pure plan over the game RNG, step for step in the order
// CIT-ENG-7 documents, so that anyone can redo it from the published seed: the cities (a shuffle of every player in
// case-folded nickname order, dealt round-robin in cityNames order), the Prokurator's draw (the doctor among all,
// then the maniac among the rest), the Consigliere's draw per city in cityNames order (its mafiosi, then its
// commissioner, each a pick among those not yet picked) and the touring order (a shuffle of the cities in cityNames
// order). The engine deals by it (flow.ts) and `narrator verify` recomputes it (fairness.ts).
import type { PlayerId } from '../../core/types.ts';
import { fold } from '../../engine/names.ts';
import type { Draws } from '../../engine/rng.ts';
import { byNick, nm, type S } from './common.ts';
import { citOptions } from './options.ts';
import { defaultCityCount, mafiaCount } from './roles.ts';

/** What a step of the deal or a lot did with its draws, so a verifier can redo it (`cit.drawn`'s `check`). */
export type DrawCheck =
  | { readonly kind: 'shuffle'; readonly from: readonly (PlayerId | number)[]; readonly result: readonly (PlayerId | number)[] }
  | { readonly kind: 'pick'; readonly from: readonly PlayerId[]; readonly result: PlayerId };

/** One step of the deal: its purpose, the draw values it consumed and what they decided. */
export interface DrawStep {
  readonly purpose: string;
  readonly drawn: readonly number[];
  readonly check: DrawCheck;
}

/** What a moderator (or a test script) may fix instead of the draw. */
export type Fixable = 'cities' | 'roles' | 'tourOrder';

/** A whole deal: the cities, each player's city and role, the touring order, the steps drawn and what was fixed. */
export interface DealPlan {
  readonly cities: readonly string[];
  readonly cityOf: Readonly<Record<PlayerId, number>>;
  readonly roles: Readonly<Record<PlayerId, string>>;
  readonly tourOrder: readonly number[];
  readonly steps: readonly DrawStep[];
  readonly fixed: readonly Fixable[];
}

/**
 * Where the city shuffle starts: `nick`, the players in case-folded nickname order (the documented procedure); or
 * `signup`, signup order, which logs dealt before 2026-12-04 used (kept so `narrator verify` can still redo them).
 */
export type CityStart = 'nick' | 'signup';

/** CIT-SET-3..7: the deal of a game whose signups have closed, drawing from `d` (the next unconsumed draw on). */
export function planDeal(s: S, d: Draws, start: CityStart = 'nick'): DealPlan {
  const o = citOptions(s.config);
  const ids = [...s.order];
  const n = ids.length;
  const steps: DrawStep[] = [];
  const fixed: Fixable[] = [];
  // Each step records the values it consumed since `from` (one cursor serves the whole deal).
  const record = (purpose: string, from: number, check: DrawCheck) => steps.push({ purpose, drawn: d.used.slice(from), check });
  const pick = (purpose: string, from: readonly PlayerId[]): PlayerId => {
    const at = d.used.length;
    const result = from[d.pickIndex(from.length)]!;
    record(purpose, at, { kind: 'pick', from, result });
    return result;
  };
  const byName = (name: string) => ids.find((id) => fold(nm(s, id)) === fold(name));
  const k = Math.max(2, Math.min(o.cityNames?.length ?? o.cityCount ?? defaultCityCount(n), Math.max(2, Math.floor(n / 5))));
  const cities = Array.from({ length: k }, (_, i) => o.cityNames?.[i] ?? `Город ${i + 1}`);
  const cityIndex = (name: string) => cities.findIndex((c) => fold(c) === fold(name));
  // CIT-SET-3: shuffle, then round-robin in cityNames order (a fixture's cities are taken as given).
  const cityOf: Record<PlayerId, number> = {};
  if (o.cities) {
    for (const [name, c] of Object.entries(o.cities)) {
      const id = byName(name);
      if (id !== undefined && cityIndex(c) >= 0) cityOf[id] = cityIndex(c);
    }
    fixed.push('cities');
  }
  // §0 «Lots», CIT-ENG-7: the shuffle starts from the players in case-folded nickname order, not signup order.
  const left = ids.filter((id) => cityOf[id] === undefined);
  const unplaced = start === 'nick' ? byNick(s, left) : left;
  if (unplaced.length > 0) {
    const at = d.used.length;
    const shuffled = d.shuffle(unplaced);
    record('cities', at, { kind: 'shuffle', from: unplaced, result: shuffled });
    shuffled.forEach((id, i) => {
      cityOf[id] = i % k;
    });
  }
  const roles: Record<PlayerId, string> = {};
  const given = s.config.fixedRoles;
  if (given) {
    for (const id of ids) {
      const name = Object.keys(given).find((x) => fold(x) === fold(nm(s, id)));
      roles[id] = name ? given[name]! : 'citizen';
    }
    fixed.push('roles');
  } else {
    // CIT-SET-4: the doctor among all, then the maniac among the rest (each keeps his city).
    let rest = byNick(s, ids);
    const take = (purpose: string, from: PlayerId[], role: string) => {
      const id = pick(purpose, from);
      roles[id] = role;
      return from.filter((x) => x !== id);
    };
    if (o.includeDoctor) rest = take('doctor', rest, 'doctor');
    if (o.includeManiac) rest = take('maniac', rest, 'maniac');
    // CIT-SET-5: per city, m(s) mafiosi then one commissioner, each a pick among those not yet picked.
    for (let c = 0; c < k; c++) {
      const size = ids.filter((id) => cityOf[id] === c).length;
      let left = byNick(
        s,
        ids.filter((id) => cityOf[id] === c && roles[id] === undefined),
      );
      for (let i = 0; i < mafiaCount(size) && left.length > 1; i++) left = take(`mafioso:${cities[c]}`, left, 'mafioso');
      if (left.length > 0) take(`commissioner:${cities[c]}`, left, 'commissioner');
    }
    for (const id of ids) roles[id] ??= 'citizen';
  }
  // CIT-SET-7: the touring order, a uniform permutation of the cities (in cityNames order before the shuffle).
  let tourOrder: number[];
  if (o.tourOrder) {
    tourOrder = o.tourOrder.map(cityIndex).filter((i) => i >= 0);
    for (let c = 0; c < k; c++) if (!tourOrder.includes(c)) tourOrder.push(c);
    fixed.push('tourOrder');
  } else {
    const at = d.used.length;
    const from = cities.map((_, i) => i);
    tourOrder = d.shuffle(from);
    record('tourOrder', at, { kind: 'shuffle', from, result: tourOrder });
  }
  return { cities, cityOf, roles, tourOrder, steps, fixed };
}
