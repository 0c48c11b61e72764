// The lots of play (§0 «Lots», CIT-ENG-7): the maniac's victim when he names none (CIT-MAN-3), a city's mandatory
// execution without a candidate of its own (CIT-VOTE-10), a judge election without votes (CIT-JUD-6) and a Godfather
// election without votes (CIT-GF-1). Each lot's candidates are declared once, here: the engine draws among them and
// `narrator verify` recomputes them from the log (fairness.ts).
import { MODERATOR, type PlayerId } from '../../core/types.ts';
import { fold } from '../../engine/names.ts';
import { isAlive } from '../../engine/state.ts';
import { type B, byNick, cityName, family, holder, isJudge, living, residents, type S } from './common.ts';

/** What a lot decides. */
export type LotKind = 'knife' | 'execution' | 'judge' | 'godfather';

/** The candidates of a lot now, in case-folded nickname order (`city` is ignored for the knife). */
export function lotPool(s: S, kind: LotKind, city: number): PlayerId[] {
  switch (kind) {
    case 'knife': {
      // CIT-MAN-3: any living player but the maniac himself.
      const maniac = holder(s, 'maniac');
      return byNick(
        s,
        living(s).filter((id) => id !== maniac),
      );
    }
    case 'execution':
      // CIT-VOTE-10 (b): a living resident of the city who is not an acting judge.
      return byNick(
        s,
        residents(s, city).filter((id) => !isJudge(s, id)),
      );
    case 'judge':
      // CIT-JUD-6: the living candidates.
      return byNick(
        s,
        (s.v.election[city]?.candidates ?? []).filter((id) => isAlive(s, id)),
      );
    case 'godfather':
      // CIT-GF-1: the living mafiosi of the city.
      return byNick(s, family(s, city));
  }
}

/** The purpose a lot is logged with (`cit.drawn`): «knife», or its kind and city («execution:Север»). */
export function lotPurpose(s: S, kind: LotKind, city: number): string {
  return kind === 'knife' ? 'knife' : `${kind}:${cityName(s, city)}`;
}

/** Reads a logged purpose back (a lot of play), or undefined for a step of the deal. */
export function readPurpose(s: S, purpose: string): { kind: LotKind; city: number } | undefined {
  if (purpose === 'knife') return { kind: 'knife', city: -1 };
  const m = /^(execution|judge|godfather):(.*)$/su.exec(purpose);
  if (!m) return undefined;
  const city = s.v.cities.findIndex((c) => fold(c) === fold(m[2]!));
  return city >= 0 ? { kind: m[1] as LotKind, city } : undefined;
}

/** CIT-ENG-7: one uniform pick by the game RNG among the lot's candidates, logged; null (no draw) when there are none. */
export function lot(b: B, kind: LotKind, city = -1): PlayerId | null {
  const from = lotPool(b.state, kind, city);
  if (from.length === 0) return null;
  const d = b.draws();
  const chosen = from[d.pickIndex(from.length)]!;
  b.emit('cit.drawn', { purpose: lotPurpose(b.state, kind, city), drawn: d.used, check: { kind: 'pick', from, result: chosen } }, MODERATOR);
  return chosen;
}
