// mafia-cities' declared player actions (docs/actions.md): what the derived legal actions list is what the command
// check (and the rulebook's reading of posts) accepts. The property plays bot games, stirs their states with what the
// bots never send (suicides, recalls, resignations, the court, last words, moderator removals, time passing) and then
// tries every declared action of every player with every name: listed values are accepted, everything else refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/core/types.ts';
import { lineOf } from '../../src/engine/actions/text.ts';
import { createGame, decide } from '../../src/engine/game.ts';
import type { GameState } from '../../src/engine/state.ts';
import { drawSource } from '../../src/sim/random.ts';
import { driveGame, prepare } from '../../src/sim/runner.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { ACTIONS } from '../../src/variants/mafia-cities/actions.ts';
import { mafiaCities } from '../../src/variants/mafia-cities/index.ts';
import { mafiaCitiesSim } from '../../src/variants/mafia-cities/sim.ts';
import { type CitState, cityChannel } from '../../src/variants/mafia-cities/state.ts';

type S = GameState<CitState>;
const PLAYERS = 12;
const spec = (policy: string): SimSpec => ({ variant: 'mafia-cities', players: PLAYERS, roleList: mafiaCitiesSim.roleList(PLAYERS), options: {}, policy });

/** Every state of a bot-played game, in order, with the environment that replays it. */
function statesOf(policy: string, seed: number) {
  const sp = spec(policy);
  const { variant, config, names } = prepare(sp);
  const { commands } = driveGame(sp, seed, { keepCommands: true });
  const source = drawSource(seed);
  const env = { rng: () => source };
  let state = createGame(variant, config, `sim-${seed}`, names).state;
  const states: GameState<unknown>[] = [];
  for (const c of commands) {
    state = decide(variant, state, c, env).state;
    states.push(state);
  }
  return { states, env };
}

/** What bots never send but players do. */
const stir = fc.record({
  kind: fc.constantFrom('/suicide', '/suicide confirm', '/recall', '/resign', '/court propose', '/court yes', '/court no', '/lastword call', 'kill', 'wait'),
  who: fc.nat(PLAYERS - 1),
  target: fc.nat(PLAYERS - 1),
  dt: fc.integer({ min: 0, max: 6 * 3_600_000 }),
});

function stirring(s: S, x: { kind: string; who: number; target: number; dt: number }): Command {
  const at = s.clock + x.dt;
  const actor = { kind: 'player' as const, id: s.order[x.who]! };
  const name = s.players[s.order[x.target]!]!.name;
  if (x.kind === 'kill') return { type: 'mod', at, actor: { kind: 'moderator', name: 'mod' }, mod: { action: 'kill', args: { name } } };
  if (x.kind === 'wait') return { type: 'pm', at, actor, text: 'Good morning.' };
  return { type: 'pm', at, actor, text: x.kind === '/court propose' ? `${x.kind} ${name}` : x.kind };
}

/** Attempts and outcomes per action, to show the property was not vacuous. */
const seen: Record<string, { accepted: number; refused: number }> = {};

/** A text argument the check accepts whenever the action is open (relay and absence texts are read further: not tried). */
const TEXTS: Readonly<Record<string, string>> = { lastword: 'My last word.', speech: 'Vote for me.' };

/** Tries every declared action of every player with every name (and one that is none) against `decide`. */
function agree(s: S, env: { rng: () => ReturnType<typeof drawSource> }): void {
  if (s.status !== 'running') return;
  const names = [...s.order.map((id) => s.players[id]!.name), 'Nobody'];
  for (const me of s.order) {
    const legal = mafiaCities.legalActions(s, me);
    for (const a of ACTIONS.actions) {
      const d = a.def;
      const keys = Object.keys(d.params);
      const kinds = keys.map((k) => d.params[k]!.kind);
      if (kinds.includes('text') && TEXTS[d.id] === undefined) continue;
      const listed = legal.find((x) => x.id === d.id);
      let line = lineOf(a, s.config.locale, 'line');
      for (const k of keys) {
        const p = d.params[k]!;
        if (p.kind === 'choice') line = line.replace(`{${k}}`, p.show(p.values[0]!, s.config.locale));
        if (p.kind === 'text') line = line.replace(`{${k}}`, TEXTS[d.id]!);
      }
      const key = keys.find((k) => d.params[k]!.kind === 'player');
      const attempts: { text: string; ok: boolean }[] = [];
      if (key === undefined) attempts.push({ text: line, ok: listed !== undefined });
      else {
        for (const n of names) {
          const id = s.order.find((x) => s.players[x]!.name === n);
          const ok = listed?.params?.some((p) => p.kind === 'player' && id !== undefined && p.targets.includes(id)) === true;
          attempts.push({ text: line.replace(`{${key}}`, n), ok });
        }
      }
      const channel = cityChannel(s.v.cityOf[me] ?? 0);
      for (const t of attempts) {
        const actor = { kind: 'player' as const, id: me };
        const cmd: Command = d.via === 'post' ? { type: 'post', at: s.clock, actor, text: t.text, channel } : { type: 'pm', at: s.clock, actor, text: t.text };
        const r = decide(mafiaCities, s, cmd, env).rejections;
        const tally = (seen[d.id] ??= { accepted: 0, refused: 0 });
        if (r.length === 0) tally.accepted++;
        else tally.refused++;
        const what = `${s.players[me]!.name} (${s.players[me]!.role}, ${s.players[me]!.status}, ${s.phases.at(-1)?.id} ${s.v.day}) «${t.text}» at ${s.clock}`;
        expect(
          r.map((x) => x.code),
          what,
        ).toEqual(t.ok ? [] : [expect.any(String)]);
      }
    }
  }
}

describe('mafia-cities: the legal actions and the command check are one declaration', () => {
  it('CIT-NOM-1, CIT-VOTE-1, CIT-JUD-4, CIT-JUD-5, CIT-DOC-1, CIT-MAN-1, CIT-COM-1, CIT-MAF-1, CIT-TOUR-5, CIT-GF-1, CIT-CRT-2, CIT-LW-1, CIT-REC-1, CIT-ACT-6: every listed target is accepted, every other refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('sensible', 'random'),
        fc.array(fc.record({ at: fc.noBias(fc.integer({ min: 0, max: 999 })), stir: fc.array(stir, { maxLength: 5 }) }), { minLength: 2, maxLength: 3 }),
        (seed, policy, samples) => {
          const { states, env } = statesOf(policy, seed);
          for (const sample of samples) {
            let s = states[Math.floor((sample.at / 1000) * states.length)] as S;
            for (const x of sample.stir) {
              if (s.status !== 'running') break;
              s = decide(mafiaCities, s, stirring(s, x), env).state as S;
            }
            agree(s, env);
          }
        },
      ),
      { numRuns: 10, seed: 24 },
    );
    // Not vacuous: the actions bots and stirring reach were both accepted and refused somewhere.
    for (const id of ['nominate', 'vote', 'unvote', 'protect', 'knife', 'check', 'kill', 'nokill', 'propose', 'suicide', 'recall']) {
      expect(seen[id]?.accepted, `${id} accepted`).toBeGreaterThan(0);
      expect(seen[id]?.refused, `${id} refused`).toBeGreaterThan(0);
    }
  });
});
