// What `narrator verify` checks of a mafia-cities game beyond the raw draws (CIT-ENG-7): it replays the log, redoes
// the deal from the seed by the documented procedure (deal.ts) and compares the cities, every role and the touring
// order with what the game logged; and for every lot of play (lots.ts) it recomputes the candidates from the state
// the log had reached, the pick from the seed, and checks that the game applied it.
import type { GameEvent, PlayerId } from '../../core/types.ts';
import { typed } from '../../engine/events.ts';
import { evolve, initialState } from '../../engine/evolve.ts';
import { Draws, gameRng } from '../../engine/rng.ts';
import { nm, type S } from './common.ts';
import { planDeal } from './deal.ts';
import type { CitEvents } from './events.ts';
import { mafiaCities } from './index.ts';
import { type LotKind, lotPool, readPurpose } from './lots.ts';

/** What the rulebook's check found: lines that held, lines that did not, values fixed by hand. */
export interface FairnessReport {
  readonly ok: string[];
  readonly problems: string[];
  readonly fixed: string[];
}

/** Events that belong to the deal (the first of them in the log starts it). */
const DEAL_EVENTS: ReadonlySet<string> = new Set(['game.dealt', 'cit.cities']);

/** Purposes of the deal's own draws (deal.ts), as opposed to lots of play. */
const DEAL_PURPOSE = /^(cities|doctor|maniac|tourOrder|mafioso:.*|commissioner:.*)$/su;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Replays a mafia-cities log (the export's events, stamps as instants) and checks its deal and lots against the
 * game key recomputed from the published seed. `listed` is the export's player list (signup order), if any.
 */
export function citFairness(events: readonly GameEvent[], key: string, listed: readonly { name: string; role: string | null }[] = []): FairnessReport {
  const report: FairnessReport = { ok: [], problems: [], fixed: [] };
  const [first, ...rest] = events;
  if (first?.type !== 'game.created') return report;
  let s: S = initialState(mafiaCities, first);
  let dealt = false;
  rest.forEach((e, i) => {
    const seq = i + 2;
    const drawn = drawnEvent(e);
    if (!dealt && (DEAL_EVENTS.has(e.type) || (drawn && DEAL_PURPOSE.test(drawn.purpose)))) {
      dealt = true;
      checkDeal(s, rest.slice(i), key, listed, report);
    }
    if (drawn && !DEAL_PURPOSE.test(drawn.purpose)) checkLot(s, seq, drawn, rest.slice(i + 1), key, report);
    s = evolve(mafiaCities, s, e);
  });
  return report;
}

/** A `cit.drawn` event's data, read defensively (the export is untrusted). */
function drawnEvent(e: GameEvent): { purpose: string; from: unknown; result: unknown } | undefined {
  const ev = typed<CitEvents>(e);
  if (ev.type !== 'cit.drawn') return undefined;
  const check = (ev.data.check ?? {}) as { from?: unknown; result?: unknown };
  return { purpose: String(ev.data.purpose), from: check.from, result: check.result };
}

/** CIT-SET-3..7: the deal redone from the seed against the deal the log shows (from the deal's first event on). */
function checkDeal(s: S, from: readonly GameEvent[], key: string, listed: readonly { name: string; role: string | null }[], r: FairnessReport): void {
  // A log dealt before the shuffle's documented start order was adopted (2026-12-04) shuffled the cities from signup
  // order; its recorded start order says which procedure dealt it, and that procedure is redone.
  const logged = from.map(drawnEvent).find((x) => x?.purpose === 'cities');
  const draws = () => new Draws(gameRng(key), s.draws);
  const current = planDeal(s, draws());
  const legacy = planDeal(s, draws(), 'signup');
  const cityStep = (p: typeof current) => p.steps.find((x) => x.purpose === 'cities');
  const isLegacy = logged !== undefined && !same(cityStep(current)?.check.from, logged.from) && same(cityStep(legacy)?.check.from, logged.from);
  const plan = isLegacy ? legacy : current;
  if (isLegacy) r.ok.push('the city shuffle started from signup order, as games dealt before 2026-12-04 did; redone by that procedure');
  const name = (id: PlayerId) => nm(s, id);
  const city = (c: number | undefined) => (c === undefined ? '—' : (plan.cities[c] ?? String(c)));
  let steps = 0;
  let cities: { cities: readonly string[]; cityOf: Readonly<Record<string, number>>; tourOrder: readonly number[] } | undefined;
  let roles: Readonly<Record<string, string>> | undefined;
  for (const e of from) {
    const ev = typed<CitEvents>(e);
    if (ev.type === 'cit.drawn' && DEAL_PURPOSE.test(String(ev.data.purpose))) {
      const want = plan.steps[steps++];
      if (!want || want.purpose !== ev.data.purpose || !same(want.check, ev.data.check))
        r.problems.push(`the deal's step «${String(ev.data.purpose)}» is not the one the seed gives${want ? ` (expected «${want.purpose}»)` : ''}`);
    } else if (ev.type === 'game.dealt') roles = ev.data.roles;
    else if (ev.type === 'cit.cities') {
      cities = ev.data;
      break;
    }
  }
  if (steps !== plan.steps.length) r.problems.push(`the deal logged ${steps} drawn steps, the seed gives ${plan.steps.length}`);
  if (!cities || !roles) {
    r.problems.push('the log has no complete deal (game.dealt and cit.cities)');
    return;
  }
  const wrongCity = s.order.filter((id) => cities.cityOf[id] !== plan.cityOf[id]);
  for (const id of wrongCity) r.problems.push(`the deal puts ${name(id)} in ${city(plan.cityOf[id])}, the log says ${city(cities.cityOf[id])}`);
  if (!same(cities.cities, plan.cities)) r.problems.push(`the cities are ${plan.cities.join(', ')}, the log names ${cities.cities.join(', ')}`);
  if (wrongCity.length === 0 && same(cities.cities, plan.cities))
    r.ok.push(`cities: ${s.order.length} players dealt into ${plan.cities.join(', ')} as the seed gives (CIT-SET-3)`);
  const wrongRole = s.order.filter((id) => roles[id] !== plan.roles[id]);
  for (const id of wrongRole) r.problems.push(`the deal gives ${name(id)} the role ${plan.roles[id]}, the log says ${String(roles[id])}`);
  if (wrongRole.length === 0 && !plan.fixed.includes('roles'))
    r.ok.push('roles: the doctor, the maniac, every mafioso and commissioner as the seed gives (CIT-SET-4, CIT-SET-5)');
  s.order.forEach((id, i) => {
    const p = listed[i];
    if (p && p.role !== plan.roles[id]) r.problems.push(`${p.name} is listed as ${String(p.role)} but was dealt ${plan.roles[id]}`);
  });
  const order = (o: readonly number[]) => o.map(city).join(' → ');
  if (!same(cities.tourOrder, plan.tourOrder)) r.problems.push(`the touring order is ${order(plan.tourOrder)}, the log says ${order(cities.tourOrder)}`);
  else if (!plan.fixed.includes('tourOrder')) r.ok.push(`touring order ${order(plan.tourOrder)} as the seed gives (CIT-SET-7)`);
  if (plan.fixed.includes('cities')) r.fixed.push('the cities were fixed by the moderator');
  if (plan.fixed.includes('tourOrder')) r.fixed.push('the touring order was fixed by the moderator');
}

/** A lot of play: its candidates from the state before it, its pick from the seed, and its outcome in the log. */
function checkLot(
  s: S,
  seq: number,
  lot: { purpose: string; from: unknown; result: unknown },
  after: readonly GameEvent[],
  key: string,
  r: FairnessReport,
): void {
  const what = readPurpose(s, lot.purpose);
  if (!what) {
    r.problems.push(`event ${seq} (cit.drawn): «${lot.purpose}» is no lot of this rulebook`);
    return;
  }
  const pool = lotPool(s, what.kind, what.city);
  const names = (ids: readonly PlayerId[]) => ids.map((id) => nm(s, id)).join(', ');
  if (!same(lot.from, pool)) {
    const logged = Array.isArray(lot.from) ? names(lot.from.map(String)) : String(lot.from);
    r.problems.push(`event ${seq} (cit.drawn): the lot «${lot.purpose}» was drawn among ${logged}; the rules give ${names(pool) || 'nobody'}`);
    return;
  }
  const chosen = pool[new Draws(gameRng(key), s.draws).pickIndex(pool.length)];
  if (chosen === undefined || chosen !== lot.result) {
    r.problems.push(`event ${seq} (cit.drawn): the lot «${lot.purpose}» gives ${chosen ? nm(s, chosen) : 'nobody'}, the log says ${nm(s, String(lot.result))}`);
    return;
  }
  if (!applied(what.kind, what.city, chosen, after)) {
    r.problems.push(`event ${seq} (cit.drawn): the lot «${lot.purpose}» chose ${nm(s, chosen)}, but the game did not apply it`);
    return;
  }
  r.ok.push(`event ${seq} (cit.drawn): lot «${lot.purpose}» among ${pool.length} recomputed from the log (${nm(s, chosen)}) and applied`);
}

/** True when the events after a lot show its outcome: the knife's victim, the executed, the judge, the Godfather. */
function applied(kind: LotKind, city: number, chosen: PlayerId, after: readonly GameEvent[]): boolean {
  for (const e of after) {
    const ev = typed<CitEvents>(e);
    switch (kind) {
      case 'knife':
        if (ev.type === 'cit.night.resolved') return ev.data.knife === chosen;
        break;
      case 'execution':
        if (ev.type === 'player.removed' && ev.data.player === chosen && ev.data.how === 'execution') return true;
        if (ev.type === 'cit.night' || ev.type === 'game.ended') return false;
        break;
      case 'judge':
        if (ev.type === 'cit.judge' && ev.data.city === city) return ev.data.player === chosen;
        break;
      case 'godfather':
        if (ev.type === 'cit.gf.elected' && ev.data.city === city) return ev.data.player === chosen && ev.data.how === 'lot';
        break;
    }
  }
  return false;
}
