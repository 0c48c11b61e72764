// palermo-intrigue's declared player actions (src/variants/palermo-intrigue/actions.ts, play.ts): the legal actions
// and the command check are one declaration. The property plays intrigue games with bots, stirs their states with
// what bots never send (last words, outings and massacres by anyone, withdrawals, cards of any name), then tries every
// declared action of every player with every name: what the legal actions list is accepted by `decide`, and
// everything else is refused. (The same property for palermo is in actions.unit.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/core/types.ts';
import { commandLine, lineOf } from '../../src/engine/actions/text.ts';
import { createGame, decide } from '../../src/engine/game.ts';
import type { GameState } from '../../src/engine/state.ts';
import type { LegalAction } from '../../src/engine/variant.ts';
import { drawSource } from '../../src/sim/random.ts';
import { driveGame, prepare } from '../../src/sim/runner.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { ACTIONS } from '../../src/variants/palermo-intrigue/actions.ts';
import { CARDS } from '../../src/variants/palermo-intrigue/cards.ts';
import { palermoIntrigue } from '../../src/variants/palermo-intrigue/index.ts';
import { may, phaseNow } from '../../src/variants/palermo-intrigue/rules.ts';
import type { IntState } from '../../src/variants/palermo-intrigue/state.ts';

type S = GameState<IntState>;
type Env = { rng: () => ReturnType<typeof drawSource> };

/** Every special role once, so each action has its actor. */
const ROLES = [
  'archmafioso',
  'visible-mafioso-a',
  'visible-mafioso-b',
  'hidden-mafioso',
  'informant',
  'detective',
  'medium',
  'nurse',
  'mayor',
  'lawyer',
  'corrupt-cop',
  'prostitute',
  'rival-mafioso',
  'citizen',
];
const PLAYERS = ROLES.length;
const spec = (policy: string): SimSpec => ({ variant: 'palermo-intrigue', players: PLAYERS, roleList: ROLES, options: {}, policy });

/** Every state of a bot-played game, in order, with the environment that replays it. */
function statesOf(policy: string, seed: number): { states: S[]; env: Env } {
  const sp = spec(policy);
  const { variant, config, names } = prepare(sp);
  const { commands } = driveGame(sp, seed, { keepCommands: true });
  const source = drawSource(seed);
  const env = { rng: () => source };
  let state = createGame(variant, config, `sim-${seed}`, names).state;
  const states: S[] = [];
  for (const c of commands) {
    state = decide(variant, state, c, env).state;
    states.push(state as S);
  }
  return { states, env };
}

/** A stirring input: what bots never send but players do. */
const stir = fc.record({
  kind: fc.constantFrom('lastwords', 'out', 'massacre', 'withdraw', 'card'),
  who: fc.nat(PLAYERS - 1),
  target: fc.nat(PLAYERS - 1),
  card: fc.nat(CARDS.length - 1),
  dt: fc.integer({ min: 0, max: 3 * 3_600_000 }),
});

function stirring(s: S, x: { kind: string; who: number; target: number; card: number; dt: number }): Command {
  const at = s.clock + x.dt;
  const actor = { kind: 'player' as const, id: s.order[x.who]! };
  const name = s.players[s.order[x.target]!]!.name;
  switch (x.kind) {
    case 'lastwords':
      return { type: 'post', at, actor, text: 'These are my last words.' };
    case 'out':
      return { type: 'pm', at, actor, text: `Out: ${name}` };
    case 'massacre':
      return { type: 'pm', at, actor, text: `Massacre: ${name} AS ${x.target % 2 === 0 ? 'INFORMANT' : 'DETECTIVE'}` };
    case 'withdraw':
      return { type: 'pm', at, actor, text: 'Withdraw outing' };
    default:
      return { type: 'pm', at, actor, text: `Card: ${CARDS[x.card]!.keywords.at(-1)} ${name}` };
  }
}

/** Attempts and outcomes per action, to show the property was not vacuous. */
const seen: Record<string, { accepted: number; refused: number }> = {};

/** A line of `a` with `key` set to `value` and every other argument given as offered (or as written, when not offered). */
function fill(line: string, a: (typeof ACTIONS.actions)[number], listed: LegalAction | undefined, s: S, key: string, value: string): string | undefined {
  let out = line.replace(`{${key}}`, value);
  for (const cp of a.params) {
    if (cp.key === key) continue;
    const offered = listed?.params?.find((p) => p.key === cp.key);
    const d = cp.def;
    if (d.optional) {
      // An absent optional argument goes with its separator (fillLine's rule).
      const i = out.indexOf(`{${cp.key}}`);
      const prev = out.lastIndexOf('}', i);
      out = out.slice(0, prev >= 0 && prev < i ? prev + 1 : i) + out.slice(i + cp.key.length + 2);
      continue;
    }
    let v: string | undefined;
    if (d.kind === 'choice') v = offered?.kind === 'choice' ? offered.values[0] : d.show(d.values[0]!, s.config.locale);
    else if (d.kind === 'player') {
      const ids = offered?.kind === 'player' ? offered.targets : s.order;
      const id = ids.find((x) => s.players[x]!.name !== value);
      v = id === undefined ? undefined : s.players[id]!.name;
    }
    if (v === undefined) return undefined;
    out = out.replace(`{${cp.key}}`, v);
  }
  return out;
}

/** Tries every declared action of every player with every name (and two that are none) against `decide`. */
function agree(s: S, env: Env): void {
  if (s.status !== 'running') return;
  const v = s.v;
  const change = phaseNow(s) === 'day' && s.clock >= v.extAt && s.clock < v.closeAt;
  const names = [...s.order.map((id) => s.players[id]!.name), 'Nobody', '-'];
  for (const me of s.order) {
    const legal = palermoIntrigue.legalActions(s, me);
    const posts = may(s, me, 'post');
    for (const a of ACTIONS.actions) {
      const d = a.def;
      // The reading: a post of a player without the right to post is his last words; in the change window a post is
      // the change (a vote line or a bare name), outside it a bare name is discussion.
      if (d.via === 'post' && (d.id === 'lastwords') === posts) continue;
      if ((d.id === 'vote' && change) || (d.id === 'vote.change' && !change)) continue;
      const listed = legal.find((x) => x.id === d.id);
      const key = a.params.find((p) => p.def.kind === 'player')?.key;
      const line = lineOf(a, s.config.locale, 'line');
      const attempts: { text: string; ok: boolean }[] = [];
      if (d.id === 'lastwords') attempts.push({ text: 'These are my last words.', ok: listed !== undefined });
      else if (key === undefined) {
        const text = fill(line, a, listed, s, '', '');
        if (text !== undefined) attempts.push({ text, ok: listed !== undefined });
      } else {
        for (const n of names) {
          const id = s.order.find((x) => s.players[x]!.name === n);
          const ok = listed?.params?.some((p) => p.kind === 'player' && p.key === key && id !== undefined && p.targets.includes(id)) === true;
          const text = fill(line, a, listed, s, key, n);
          if (text !== undefined) attempts.push({ text, ok });
        }
      }
      for (const t of attempts) {
        const cmd: Command = { type: d.via, at: s.clock, actor: { kind: 'player', id: me }, text: t.text };
        const r = decide(palermoIntrigue, s, cmd, env).rejections;
        const tally = (seen[d.id] ??= { accepted: 0, refused: 0 });
        if (r.length === 0) tally.accepted++;
        else tally.refused++;
        const what = `${s.players[me]!.name} (${s.players[me]!.role}, ${v.conditions[me] ?? 'active'}) «${t.text}» at ${s.clock}`;
        expect(
          r.map((x) => x.code),
          what,
        ).toEqual(t.ok ? [] : [expect.any(String)]);
      }
    }
  }
}

describe('palermo-intrigue: the legal actions and the command check are one declaration', () => {
  it('INT-VOTE-1, INT-VOTE-3, INT-KILL-1, INT-NIGHT-1, INT-ROLE-6, INT-ROLE-7, INT-OUT-6, INT-CARD-2, INT-LW-1: every listed target is accepted, every other refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('sensible', 'random'),
        fc.array(fc.record({ at: fc.noBias(fc.integer({ min: 0, max: 999 })), stir: fc.array(stir, { maxLength: 4 }) }), { minLength: 2, maxLength: 4 }),
        (seed, policy, samples) => {
          const { states, env } = statesOf(policy, seed);
          for (const sample of samples) {
            let s = states[Math.floor((sample.at / 1000) * states.length)]!;
            for (const x of sample.stir) {
              if (s.status !== 'running') break;
              s = decide(palermoIntrigue, s, stirring(s, x), env).state as S;
            }
            agree(s, env);
          }
          // The change window and the runoff are short: their first states are always tried too.
          const change = states.find((x) => phaseNow(x) === 'day' && x.clock >= x.v.extAt && x.clock < x.v.closeAt);
          if (change) agree(change, env);
          const runoff = states.find((x) => phaseNow(x) === 'runoff');
          if (runoff) agree(runoff, env);
        },
      ),
      { numRuns: 10, seed: 24 },
    );
    // Not vacuous: the common actions were both accepted and refused somewhere.
    for (const id of ['vote', 'kill', 'check', 'medium', 'protect', 'block', 'client', 'transfer', 'out', 'massacre', 'withdraw', 'lastwords']) {
      expect(seen[id]?.accepted, `${id} accepted`).toBeGreaterThan(0);
      expect(seen[id]?.refused, `${id} refused`).toBeGreaterThan(0);
    }
  });

  it('INT-CARD-2, PAL-GEN-8: command lines as the role messages and forms write them', () => {
    expect(commandLine(ACTIONS, 'kill', 'el')).toBe('ΔΟΛΟΦΟΝΙΑ: <όνομα> ΕΚΤΕΛΕΣΤΗΣ: <όνομα>');
    expect(commandLine(ACTIONS, 'transfer', 'en')).toBe('Transfer: <name> -> <name>');
    expect(commandLine(ACTIONS, 'massacre', 'el')).toBe('ΜΑΚΕΛΕΙΟ: <όνομα> ΩΣ <ρόλος>');
    expect(lineOf(ACTIONS.actions.find((a) => a.id === 'card.detention')!, 'el', 'line')).toBe('ΚΑΡΤΑ: {card} {target}');
    expect(lineOf(ACTIONS.actions.find((a) => a.id === 'vote.change')!, 'el', 'line')).toBe('{target}');
    // The syntax the parser reads: every keyword once (the ten cards share «ΚΑΡΤΑ:»), then quit, join and leave.
    expect(ACTIONS.syntax.filter((r) => r.command === 'card')).toHaveLength(1);
    expect(ACTIONS.syntax.slice(-3).map((r) => r.command)).toEqual(['quit', 'join', 'leave']);
  });
});
