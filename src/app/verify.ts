// Fairness check of a finished game's export (DESIGN.md §2): recomputes the commitment, the key, every draw and
// every shuffle or pick the game recorded, from the published seed. Variant-agnostic: events that consume draws
// carry `drawn` (the values) and `check` (what the values decided).
import type { Audience, GameEvent } from '../core/types.ts';
import { commitmentOf, Draws, gameRng, keyOf } from '../engine/rng.ts';
import { citFairness, type FairnessReport } from '../variants/mafia-cities/fairness.ts';

/**
 * What the check concluded: everything held; something does not follow from the seed; the seed is not published
 * yet (a running game, nothing to check); the input is not a game export at all.
 */
export type VerdictStatus = 'fair' | 'mismatch' | 'unpublished' | 'invalid';

/** The verdict of `narrator verify`. */
export interface Verdict {
  readonly status: VerdictStatus;
  readonly fair: boolean;
  /** What was checked and held. */
  readonly ok: string[];
  /** What does not match. */
  readonly problems: string[];
  /** Values the moderator fixed by hand (reported as such, not as random). */
  readonly fixed: string[];
}

interface ExportedEvent {
  readonly seq: number;
  readonly type: string;
  readonly at?: unknown;
  readonly audience?: unknown;
  readonly data: Record<string, unknown> | null;
}

/** A listed player of the export (its `players`, in signup order). */
type Listed = { readonly name: string; readonly role: string | null };

/**
 * Rulebooks whose deal and lots the verifier recomputes from the rules themselves, beyond the draws: each replays the
 * log with the rulebook's fold (mafia-cities: the cities, the touring order and every lot, CIT-ENG-7).
 */
const RULEBOOK_CHECKS: Readonly<Record<string, (events: readonly GameEvent[], key: string, listed: readonly Listed[]) => FairnessReport>> = {
  'mafia-cities': citFairness,
};

/** The export's events as the engine stores them (stamps back to instants), for a rulebook's replay. */
function asStored(events: readonly ExportedEvent[]): GameEvent[] {
  return events.map((e) => ({
    type: e.type,
    at: typeof e.at === 'string' ? Date.parse(e.at) : Number(e.at ?? 0),
    audience: (e.audience ?? { kind: 'moderator' }) as Audience,
    data: e.data ?? {},
  }));
}

type Check = { kind: 'shuffle'; from: unknown[]; result: unknown[] } | { kind: 'pick'; from: unknown[]; result: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks an export (the JSON of `narrator play --json` or the server's game export). */
export function verifyTranscript(t: unknown): Verdict {
  const ok: string[] = [];
  const problems: string[] = [];
  const fixed: string[] = [];
  const done = (): Verdict => ({ status: problems.length === 0 ? 'fair' : 'mismatch', fair: problems.length === 0, ok, problems, fixed });
  const stop = (status: 'unpublished' | 'invalid', why: string): Verdict => ({ status, fair: false, ok, problems: [why], fixed });
  if (!t || typeof t !== 'object' || Array.isArray(t)) return stop('invalid', 'the file is not a game export (expected a JSON object)');
  const x = t as { commitment?: unknown; seed?: unknown; events?: unknown; players?: unknown };
  if (typeof x.commitment !== 'string' || !Array.isArray(x.events)) return stop('invalid', 'the export lacks "commitment" or "events"');
  // A running game's export carries the commitment but not the seed: not a mismatch, just nothing to check yet.
  if (x.seed === undefined || x.seed === null) return stop('unpublished', 'the seed is not published yet: the game has not ended');
  if (typeof x.seed !== 'string') return stop('invalid', '"seed" is not a string');
  const events = x.events as ExportedEvent[];
  const seed = x.seed;
  if (commitmentOf(seed) === x.commitment) ok.push(`commitment ${x.commitment.slice(0, 16)}… = SHA-256(seed)`);
  else problems.push(`commitment mismatch: SHA-256(seed) = ${commitmentOf(seed)}, published ${x.commitment}`);
  const created = events.find((e) => e.type === 'game.created');
  if (created?.data && created.data.commitment !== x.commitment) problems.push('the commitment in the event log differs from the exported one');

  // Signup order at the deal, from the log: the key binds the seed to these names.
  const names = new Map<string, string>();
  let order: string[] = [];
  for (const e of events) {
    if (e.type === 'signup.closed' || e.type === 'game.keyed') break;
    if (e.type === 'player.signed_up' && e.data) {
      names.set(e.data.id as string, e.data.name as string);
      order.push(e.data.id as string);
    }
    if (e.type === 'player.withdrew' && e.data) order = order.filter((id) => id !== e.data!.id);
  }
  const key = keyOf(
    seed,
    order.map((id) => names.get(id)!),
  );
  const keyed = events.find((e) => e.type === 'game.keyed');
  if (keyed) {
    if (keyed.data?.key === key) ok.push(`key = SHA-256(seed + signup list of ${order.length} players)`);
    else problems.push(`key mismatch: recomputed ${key}, logged ${String(keyed.data?.key)}`);
  }
  const label = (v: unknown) => (typeof v === 'string' && names.has(v) ? names.get(v)! : String(v));
  let index = 0;
  let draws = 0;
  let wrongDraws = 0;
  const rng = gameRng(key);
  for (const e of events) {
    const d = e.data;
    if (!d) continue;
    if (e.type === 'game.dealt' && d.fixed === true) fixed.push('the role deal was fixed by the moderator');
    if (e.type === 'lot.fixed')
      fixed.push(`the lot among ${(d.candidates as string[]).map(label).join(', ')} was decided by the moderator (${label(d.chosen)})`);
    const drawn = d.drawn;
    if (!Array.isArray(drawn) || drawn.length === 0) continue;
    const cursor = new Draws(rng, index);
    const recomputed = drawn.map(() => cursor.rand());
    const wrong = recomputed.filter((r, i) => !same(r, drawn[i])).length;
    if (wrong > 0) problems.push(`event ${e.seq} (${e.type}): draws ${index}…${index + drawn.length - 1} do not match the seed`);
    draws += drawn.length;
    wrongDraws += wrong;
    const check = d.check as Check | undefined;
    if (check?.kind === 'shuffle') {
      const replay = new Draws(rng, index).shuffle(check.from);
      if (!same(replay, check.result)) problems.push(`event ${e.seq} (${e.type}): the shuffle does not follow from the seed`);
      else ok.push(`event ${e.seq} (${e.type}): shuffle of ${check.from.length} reproduced`);
      if (e.type === 'game.dealt') {
        const roles = d.roles as Record<string, string>;
        const mismatch = order.findIndex((id, i) => roles[id] !== check.result[i]);
        if (mismatch >= 0)
          problems.push(`the deal gives ${label(order[mismatch])} ${roles[order[mismatch]!]}, the shuffle gives ${String(check.result[mismatch])}`);
        const players = Array.isArray(x.players) ? (x.players as { name: string; role: string }[]) : [];
        // Roles may change after the deal through logged events (a team's role choice, a moderator's correction).
        const current: Record<string, string> = { ...roles };
        for (const c of events) if (c.type === 'role.changed' && c.data) current[c.data.player as string] = c.data.role as string;
        for (const p of players) {
          const id = order.find((i) => names.get(i) === p.name);
          if (id && current[id] !== p.role) problems.push(`${p.name} is listed as ${p.role} but was dealt ${roles[id]}`);
        }
      }
    } else if (check?.kind === 'pick') {
      const i = new Draws(rng, index).pickIndex(check.from.length);
      if (!same(check.from[i], check.result))
        problems.push(`event ${e.seq} (${e.type}): the lot gives ${label(check.from[i])}, the game said ${label(check.result)}`);
      else ok.push(`event ${e.seq} (${e.type}): lot among ${check.from.length} reproduced (${label(check.result)})`);
    }
    index += drawn.length;
  }
  // The rulebook's own recomputation (its deal and lots from the rules), for the rulebook the log was created with.
  const rulebook = created?.data?.config as { variant?: unknown } | undefined;
  const own = typeof rulebook?.variant === 'string' && Object.hasOwn(RULEBOOK_CHECKS, rulebook.variant) ? RULEBOOK_CHECKS[rulebook.variant] : undefined;
  if (own) {
    try {
      const r = own(asStored(events), key, Array.isArray(x.players) ? (x.players as Listed[]) : []);
      ok.push(...r.ok);
      problems.push(...r.problems);
      fixed.push(...r.fixed);
    } catch (e) {
      // An export altered into a shape the rulebook's fold cannot read is a mismatch, never a crash.
      problems.push(`the log cannot be replayed by its rulebook: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  // One summary line that agrees with the per-event lines above: all draws held, or how many did not.
  if (wrongDraws === 0) ok.push(`${draws} draws reproduced from the seed`);
  else problems.push(`${wrongDraws} of ${draws} draws do not follow from the seed`);
  return done();
}
