// mafia-de's declared player actions (src/variants/mafia-de/actions.ts): the property of actions.unit.test.ts for this
// rulebook. Bot-played games, stirred with what bots never do (surrender posts, the game master's removals, role
// changes and rejected death messages), then every declared action of every player is tried with every name: what
// the legal actions list is accepted by `decide`, and everything else is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/core/types.ts';
import { lineOf } from '../../src/engine/actions/text.ts';
import { createGame, decide } from '../../src/engine/game.ts';
import type { GameState } from '../../src/engine/state.ts';
import { drawSource } from '../../src/sim/random.ts';
import { driveGame, prepare } from '../../src/sim/runner.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { ACTIONS, parseRoleChoice } from '../../src/variants/mafia-de/actions.ts';
import { mafiaDe } from '../../src/variants/mafia-de/index.ts';
import { ROLES } from '../../src/variants/mafia-de/roles.ts';
import { mafiaDeSim } from '../../src/variants/mafia-de/sim.ts';
import type { DeState } from '../../src/variants/mafia-de/state.ts';

type S = GameState<DeState>;
type Env = { rng: () => ReturnType<typeof drawSource> };

const spec = (policy: string, players: number): SimSpec => ({ variant: 'mafia-de', players, roleList: mafiaDeSim.roleList(players), options: {}, policy });

/** Every state of a bot-played game, in order, with the environment that replays it. */
function statesOf(policy: string, seed: number, players = 13) {
  const sp = spec(policy, players);
  const { variant, config, names } = prepare(sp);
  const { commands } = driveGame(sp, seed, { keepCommands: true });
  const source = drawSource(seed);
  const env: Env = { rng: () => source };
  let state = createGame(variant, config, `sim-${seed}`, names).state;
  const states: S[] = [];
  for (const c of commands) {
    state = decide(variant, state, c, env).state;
    states.push(state as S);
  }
  return { states, env };
}

/** A stirring input: a surrender post, the game master removing a player, changing a role, rejecting the death message. */
const stir = fc.record({
  kind: fc.constantFrom('surrender', 'kill', 'set-role', 'reject-dm'),
  who: fc.nat(12),
  role: fc.constantFrom(...ROLES.map((r) => r.id)),
  dt: fc.integer({ min: 0, max: 3 * 3_600_000 }),
});

function stirring(s: S, x: { kind: string; who: number; role: string; dt: number }): Command {
  const at = s.clock + x.dt;
  const id = s.order[x.who % s.order.length]!;
  const mod = (action: string, args: Record<string, unknown>): Command => ({
    type: 'mod',
    at,
    actor: { kind: 'moderator', name: 'mod' },
    mod: { action, args },
  });
  switch (x.kind) {
    case 'surrender':
      return { type: 'post', at, actor: { kind: 'player', id }, text: 'Aufgabe' };
    case 'kill':
      return mod('kill', { name: s.players[id]!.name });
    case 'set-role':
      return mod('set-role', { name: s.players[id]!.name, role: x.role });
    default:
      return mod('reject-dm', { reason: 'zu kurz' });
  }
}

/** Attempts and outcomes per action, to show the property was not vacuous. */
const seen: Record<string, { accepted: number; refused: number }> = {};

/** Tries every declared action of every player with every name (and one that is none) against `decide`. */
function agree(s: S, env: Env): void {
  if (s.status !== 'running') return;
  const locale = s.config.locale;
  const names = [...s.order.map((id) => s.players[id]!.name), 'Nobody'];
  const idOf = (n: string) => s.order.find((x) => s.players[x]!.name === n);
  for (const me of s.order) {
    const legal = mafiaDe.legalActions(s, me);
    for (const a of ACTIONS.actions) {
      const listed = legal.find((x) => x.id === a.id);
      const line = lineOf(a, locale, 'line');
      const players = listed?.params?.filter((p) => p.kind === 'player') ?? [];
      const offers = (i: number, n: string) => {
        const p = players[i];
        const id = idOf(n);
        return p?.kind === 'player' && id !== undefined && p.targets.includes(id);
      };
      const attempts: { text: string; ok: boolean }[] = [];
      switch (a.id) {
        case 'compare':
          // Each name with a fixed partner on either side, and with itself.
          for (const n of names) {
            const other = names[(names.indexOf(n) + 3) % names.length]!;
            for (const [x, y] of [
              [n, other],
              [other, n],
              [n, n],
            ] as const)
              attempts.push({ text: line.replace('{a}', x).replace('{b}', y), ok: offers(0, x) && offers(1, y) && x !== y });
          }
          break;
        case 'role': {
          const values = listed?.params?.[0]?.kind === 'choice' ? listed.params[0].values : [];
          for (const v of ['Rufmörder', 'Voodoo-Puppe', 'Räuber', 'Insider', 'keine', 'Framer', 'none', 'Zauberer'])
            attempts.push({
              text: line.replace('{role}', v),
              ok: values.some((x) => parseRoleChoice(x) === parseRoleChoice(v)) && parseRoleChoice(v) !== undefined,
            });
          break;
        }
        case 'ad':
          attempts.push({ text: line.replace('{pseudonym}', `Pseudo ${me}`).replace('{text}', 'Frische Brötchen am Markt.'), ok: listed !== undefined });
          break;
        case 'dm':
          attempts.push({ text: line.replace('{text}', 'https://example.org/todesbotschaft'), ok: listed !== undefined });
          break;
        case 'will':
          attempts.push({ text: line.replace('{text}', 'Ich war es nicht.'), ok: listed !== undefined });
          attempts.push({ text: line.replace('{text}', 'löschen'), ok: listed !== undefined });
          break;
        case 'surrender':
          attempts.push({ text: line, ok: listed !== undefined });
          break;
        default:
          for (const n of names) attempts.push({ text: line.replace('{target}', n).replace('\n{dm}', ''), ok: offers(0, n) });
      }
      for (const t of attempts) {
        const cmd: Command = { type: 'pm', at: s.clock, actor: { kind: 'player', id: me }, text: t.text };
        const r = decide(mafiaDe, s, cmd, env).rejections;
        const tally = (seen[a.id] ??= { accepted: 0, refused: 0 });
        if (r.length === 0) tally.accepted++;
        else tally.refused++;
        const what = `${s.players[me]!.name} (${s.players[me]!.role}, ${s.players[me]!.status}) «${t.text}» at ${s.clock} (${s.phases.at(-1)?.id} ${s.phases.at(-1)?.round})`;
        expect(
          r.map((x) => x.code),
          what,
        ).toEqual(t.ok ? [] : [expect.any(String)]);
      }
    }
  }
}

describe('mafia-de: the legal actions and the command check are one declaration', () => {
  it('DE-GEN-6, DE-GEN-11, DE-VOTE-1, DE-KILL-1, DE-PROT-2, DE-QRY-1, DE-QRY-2, DE-MROLE-2, DE-INS-3, DE-BOSS-2, DE-NEWS-1, DE-WILL-1, DE-WIN-5: every listed target is accepted, every other refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('sensible', 'random'),
        fc.array(fc.record({ at: fc.noBias(fc.integer({ min: 0, max: 999 })), stir: fc.array(stir, { maxLength: 3 }) }), { minLength: 2, maxLength: 4 }),
        (seed, policy, samples) => {
          const { states, env } = statesOf(policy, seed);
          for (const sample of samples) {
            let s = states[Math.floor((sample.at / 1000) * states.length)]!;
            for (const x of sample.stir) {
              if (s.status !== 'running') break;
              s = decide(mafiaDe, s, stirring(s, x), env).state as S;
            }
            agree(s, env);
          }
          // Night 1 (the role choice) is short among the samples: its first state is always tried too.
          const night1 = states.find((x) => x.phases.at(-1)?.id === 'night' && x.phases.at(-1)?.round === 1);
          if (night1) agree(night1, env);
        },
      ),
      { numRuns: 6, seed: 25 },
    );
    // Not vacuous: every action was both accepted and refused somewhere (a surrender is only refused: no bot posts one).
    for (const id of ['vote', 'suspect', 'kill', 'dm', 'protect', 'query', 'compare', 'frame', 'voodoo', 'rob', 'role', 'successor', 'ad', 'will']) {
      expect(seen[id]?.accepted, `${id} accepted`).toBeGreaterThan(0);
      expect(seen[id]?.refused, `${id} refused`).toBeGreaterThan(0);
    }
  });

  it('DE-GEN-6, DE-VOTE-1: the vote offers the voter himself (a self-vote is allowed), and its line writes the keyword the role PN teaches', () => {
    const { states } = statesOf('sensible', 4);
    const s = states.find((x) => x.phases.at(-1)?.id === 'day')!;
    const me = s.order[0]!;
    const vote = mafiaDe.legalActions(s, me).find((a) => a.id === 'vote')!;
    expect(vote.targets).toEqual(s.order.filter((id) => s.players[id]!.status === 'alive'));
    expect(vote.targets).toContain(me);
    // The German game's form and its role PN agree on «Stimme:» (issue 25): both come from the declaration.
    expect(lineOf(ACTIONS.actions.find((a) => a.id === 'vote')!, 'de', 'line')).toBe('Stimme: {target}');
    expect(lineOf(ACTIONS.actions.find((a) => a.id === 'vote')!, 'en', 'line')).toBe('Vote: {target}');
    // Actions that may not name the sender leave him out (DE-GEN-6).
    const night = states.find((x) => x.phases.at(-1)?.id === 'night' && (x.phases.at(-1)?.round ?? 0) >= 2)!;
    const boss = night.v.boss!;
    const kill = mafiaDe.legalActions(night, boss).find((a) => a.id === 'kill')!;
    expect(kill.targets).not.toContain(boss);
    expect(kill.line).toBe('Kill: {target}\n{dm}');
  });

  it('DE-NEWS-1, DE-WILL-1: forms get the ad’s pseudonym and text as two slots, a testament one text', () => {
    const ad = ACTIONS.actions.find((a) => a.id === 'ad')!;
    expect(lineOf(ad, 'de', 'template')).toBe('Anzeige: {pseudonym}\n{text}');
    expect(lineOf(ad, 'de', 'line')).toBe('Anzeige: {pseudonym}\n{text}');
    expect(lineOf(ACTIONS.actions.find((a) => a.id === 'will')!, 'de', 'line')).toBe('Testament: {text}');
    expect(lineOf(ACTIONS.actions.find((a) => a.id === 'compare')!, 'de', 'template')).toBe('Vergleich: {name} und {name}');
  });
});
