// Declared player actions (engine/actions, docs/actions.md): the legal actions and the command check come from one
// declaration, so they cannot drift apart. The property below plays palermo games with bots, stirs their states
// with last words, outings, withdrawals and moderator removals, and then tries every declared action of every player
// with every name: what the legal actions list is accepted by `decide`, and everything else is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Command } from '../../src/core/types.ts';
import { checkAction } from '../../src/engine/actions/check.ts';
import { ctxOf } from '../../src/engine/actions/declare.ts';
import { inGame, notSelf, player, resolve, separator } from '../../src/engine/actions/guards.ts';
import { rulebook } from '../../src/engine/actions/kit.ts';
import { fullShape } from '../../src/engine/actions/legal.ts';
import { commandLine, lineOf } from '../../src/engine/actions/text.ts';
import { createGame, decide } from '../../src/engine/game.ts';
import { modActionsOf } from '../../src/engine/modactions.ts';
import type { GameState } from '../../src/engine/state.ts';
import { drawSource } from '../../src/sim/random.ts';
import { driveGame, prepare } from '../../src/sim/runner.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { ACTIONS } from '../../src/variants/palermo/actions.ts';
import type { PalEvents } from '../../src/variants/palermo/events.ts';
import { palermo } from '../../src/variants/palermo/index.ts';
import type { PalRejectionCode } from '../../src/variants/palermo/rejections.ts';
import { PAL_SCHEDULE } from '../../src/variants/palermo/schedule.ts';
import { palermoSim } from '../../src/variants/palermo/sim.ts';
import type { PalState } from '../../src/variants/palermo/state.ts';

type S = GameState<PalState>;

const spec = (policy: string): SimSpec => ({ variant: 'palermo', players: 13, roleList: palermoSim.roleList(13), options: {}, policy });

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

/** A stirring input: what bots never send but players do (last words, outings by anyone, a moderator's removal). */
const stir = fc.record({
  kind: fc.constantFrom('lastwords', 'out', 'withdraw', 'remove', 'restore'),
  who: fc.nat(12),
  target: fc.nat(12),
  dt: fc.integer({ min: 0, max: 3 * 3_600_000 }),
});

function stirring(s: S, x: { kind: string; who: number; target: number; dt: number }): Command {
  const at = s.clock + x.dt;
  const actor = { kind: 'player' as const, id: s.order[x.who]! };
  const name = s.players[s.order[x.target]!]!.name;
  switch (x.kind) {
    case 'lastwords':
      return { type: 'post', at, actor, text: 'These are my last words.' };
    case 'out':
      return { type: 'pm', at, actor, text: `Out: ${name}` };
    case 'withdraw':
      return { type: 'pm', at, actor, text: 'Withdraw outing' };
    default:
      return { type: 'mod', at, actor: { kind: 'moderator', name: 'mod' }, mod: { action: x.kind, args: { name } } };
  }
}

/** Attempts and outcomes per action, to show the property was not vacuous. */
const seen: Record<string, { accepted: number; refused: number }> = {};

/** Tries every declared action of every player with every name (and two that are none) against `decide`. */
function agree(s: S, env: { rng: () => ReturnType<typeof drawSource> }): void {
  if (s.status !== 'running') return;
  const names = [...s.order.map((id) => s.players[id]!.name), 'Nobody', '-'];
  for (const me of s.order) {
    const legal = palermo.legalActions(s, me);
    const alive = s.players[me]!.status === 'alive';
    for (const a of ACTIONS.actions) {
      const d = a.def;
      // A post of a player who is out can only be his last words; an alive player's plain post is discussion.
      if (d.via === 'post' && (d.id === 'lastwords') === alive) continue;
      const listed = legal.find((x) => x.id === d.id);
      const key = Object.keys(d.params).find((k) => d.params[k]!.kind === 'player');
      const attempts: { text: string; ok: boolean }[] = [];
      if (d.id === 'lastwords') attempts.push({ text: 'These are my last words.', ok: listed !== undefined });
      else if (key === undefined) attempts.push({ text: lineOf(a, s.config.locale, 'line'), ok: listed !== undefined });
      else {
        for (const n of names) {
          const id = s.order.find((x) => s.players[x]!.name === n);
          const ok = listed?.params?.some((p) => p.kind === 'player' && id !== undefined && p.targets.includes(id)) === true;
          attempts.push({ text: lineOf(a, s.config.locale, 'line').replace(`{${key}}`, n), ok });
        }
      }
      for (const t of attempts) {
        const cmd: Command = { type: d.via, at: s.clock, actor: { kind: 'player', id: me }, text: t.text };
        const r = decide(palermo, s, cmd, env).rejections;
        const tally = (seen[d.id] ??= { accepted: 0, refused: 0 });
        if (r.length === 0) tally.accepted++;
        else tally.refused++;
        const what = `${s.players[me]!.name} (${s.players[me]!.role}, ${s.players[me]!.status}) «${t.text}» at ${s.clock}`;
        expect(
          r.map((x) => x.code),
          what,
        ).toEqual(t.ok ? [] : [expect.any(String)]);
      }
    }
  }
}

describe('palermo: the legal actions and the command check are one declaration', () => {
  it('PAL-VOTE-1, PAL-TIE-2, PAL-KILL-1, PAL-NUR-2, PAL-OUT-3, PAL-OUT-4, PAL-OUT-5, PAL-LW-1: every listed target is accepted, every other refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('sensible', 'random'),
        fc.array(fc.record({ at: fc.noBias(fc.integer({ min: 0, max: 999 })), stir: fc.array(stir, { maxLength: 4 }) }), { minLength: 2, maxLength: 5 }),
        (seed, policy, samples) => {
          const { states, env } = statesOf(policy, seed);
          for (const sample of samples) {
            let s = states[Math.floor((sample.at / 1000) * states.length)] as S;
            for (const x of sample.stir) {
              if (s.status !== 'running') break;
              s = decide(palermo, s, stirring(s, x), env).state;
            }
            agree(s, env);
          }
          // A runoff is short and rare among the samples: its first state is always tried too.
          const runoff = states.find((x) => x.phases.at(-1)?.id === 'runoff');
          if (runoff) agree(runoff as S, env);
        },
      ),
      { numRuns: 12, seed: 24 },
    );
    // Not vacuous: every action was both accepted and refused somewhere.
    for (const id of ['vote', 'ballot', 'kill', 'protect', 'out', 'withdraw', 'lastwords']) {
      expect(seen[id]?.accepted, `${id} accepted`).toBeGreaterThan(0);
      expect(seen[id]?.refused, `${id} refused`).toBeGreaterThan(0);
    }
  });

  it('PAL-KILL-1: a killer may name any player in the game, himself included, and the list says so', () => {
    const { states } = statesOf('sensible', 7);
    const s = states.find((x) => {
      const st = x as S;
      return st.phases.at(-1)?.id === 'day' && st.v.round >= 2 && !st.v.killDone;
    }) as S;
    const killer = s.order.find((id) => s.players[id]!.role === 'killer' && s.players[id]!.status === 'alive')!;
    const kill = palermo.legalActions(s, killer).find((a) => a.command === 'kill')!;
    expect(kill.targets).toEqual(s.order.filter((id) => s.players[id]!.status === 'alive'));
    expect(kill.targets).toContain(killer);
  });

  it('PAL-GEN-8: role messages teach the declared command lines in the game’s language', () => {
    expect(commandLine(ACTIONS, 'kill', 'el')).toBe('ΔΟΛΟΦΟΝΙΑ: <όνομα>');
    expect(commandLine(ACTIONS, 'out', 'en')).toBe('Out: <name>');
    expect(commandLine(ACTIONS, 'withdraw', 'el')).toBe('ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ');
    expect(commandLine(ACTIONS, 'lastwords', 'en')).toBe('<last words>');
    // The syntax the parser reads is the declarations' (every keyword in every game) plus signup's.
    expect(ACTIONS.syntax.map((r) => r.command)).toEqual(['vote', 'vote', 'ballot', 'kill', 'out', 'withdraw', 'protect', 'join', 'leave']);
  });
});

// A small rulebook of one action, to show the mechanism on its own: two player arguments with a separator, a
// condition on both, and refusals in the declared order.
const K = rulebook<PalState, PalEvents, PalRejectionCode>({ schedule: PAL_SCHEDULE });
const TRANSFER = K.action({
  id: 'transfer',
  command: 'transfer',
  via: 'pm',
  syntax: [{ keywords: ['Transfer'], form: 'colon', taught: { en: 'Transfer' } }],
  summary: { en: 'moves a vote from one player to another' },
  rules: 'none',
  params: { from: player('R-NAME'), to: player('R-NAME', { sep: separator({ en: ' -> ', el: ' -> ' }, /\s*(?:->|→)\s*/u) }) },
  checks: [
    K.window('vote', 'R-ROUND-NOT-OPEN'),
    resolve('from'),
    resolve('to'),
    notSelf('from', 'R-VOTE-SELF'),
    inGame('to', 'R-TARGET-OUT'),
    { kind: 'args', code: 'R-OUT-SELF', test: (_c, a) => a.from !== a.to },
  ],
  effect() {},
});
const TOY = K.table([TRANSFER]);

describe('the declaration mechanism', () => {
  const { states } = statesOf('sensible', 3);
  const s = states.find((x) => x.phases.at(-1)?.id === 'day' && (x as S).v.round === 2) as S;
  const [me, a, b] = s.order.filter((id) => s.players[id]!.status === 'alive');
  const n = (id: string | undefined) => s.players[id!]!.name;
  const check = (arg: string) => checkAction(TOY, TOY.actions[0]!, ctxOf(s, me!, s.clock, ''), { arg, text: arg });

  it('splits arguments at the declared separator and resolves each by name', () => {
    expect(check(`${n(a)} -> ${n(b)}`)).toEqual({ ok: true, args: { from: a, to: b } });
    expect(check(`${n(a)} → ${n(b)}`)).toEqual({ ok: true, args: { from: a, to: b } });
  });

  it('refuses with the first failing condition, in the declared order', () => {
    const code = (arg: string) => {
      const o = check(arg);
      return o.ok ? 'ok' : o.refusal.code;
    };
    expect(code(`Nobody -> ${n(b)}`)).toBe('R-NAME');
    expect(code(`${n(me)} -> Nobody`)).toBe('R-NAME'); // both names resolve before the target checks
    expect(code(`${n(me)} -> ${n(b)}`)).toBe('R-VOTE-SELF');
    expect(code(`${n(a)} -> ${n(a)}`)).toBe('R-OUT-SELF');
  });

  it('derives the legal action with one list per argument and the line forms fill', () => {
    const [legal] = TOY.actions.map((x) => lineOf(x, 'en', 'line'));
    expect(legal).toBe('Transfer: {from} -> {to}');
    expect(lineOf(TOY.actions[0]!, 'en', 'human')).toBe('Transfer: <name> -> <name>');
    expect(lineOf(TOY.actions[0]!, 'en', 'template')).toBe('Transfer: {name} -> {name}');
  });

  it('refuses to load a declaration whose target check precedes its resolve step', () => {
    const bad = K.action({
      id: 'bad',
      command: 'kill',
      via: 'pm',
      summary: { en: 'bad' },
      rules: 'none',
      params: { target: player('R-NAME') },
      checks: [notSelf('target', 'R-VOTE-SELF'), resolve('target')],
      effect() {},
    });
    expect(() => K.table([bad])).toThrow(/precedes its resolve step/);
  });

  it('types the codes and arguments of a declaration (tsc checks the expected errors)', () => {
    const typed = K.action({
      id: 'typed',
      command: 'kill',
      via: 'pm',
      summary: { en: 'typed' },
      rules: 'none',
      params: { target: player('R-NAME') },
      checks: [
        resolve('target'),
        // @ts-expect-error: not a palermo code
        K.actor('R-VOTE-SLEF', () => true),
        // @ts-expect-error: the action has no argument `victim`
        notSelf('victim', 'R-VOTE-SELF'),
      ],
      effect(_b, act) {
        // @ts-expect-error: the effect's arguments are the declared ones
        void act.args.victim;
      },
    });
    expect(typed.id).toBe('typed');
    // @ts-expect-error: an action without its effect does not compile
    K.action({ id: 'x', command: 'kill', via: 'pm', summary: { en: 'x' }, rules: 'none', params: {}, checks: [] });
  });

  it('types a moderator action’s arguments by its schema (tsc checks the expected errors)', () => {
    const mod = modActionsOf<PalState, PalEvents>();
    const action = mod({
      summary: 'typed',
      rules: 'none',
      args: z.object({ minutes: z.literal([30, 60]), name: z.string() }).strict(),
      run(_b, args) {
        const minutes: 30 | 60 = args.minutes;
        // @ts-expect-error: the schema makes `name` a string
        const n: number = args.name;
        // @ts-expect-error: the schema has no `hours`
        void args.hours;
        void [minutes, n];
        return undefined;
      },
    });
    expect(action.args.safeParse({ minutes: 45, name: 'x' }).success).toBe(false);
  });

  it('gives a rulebook that writes its own legal actions the full shape too', () => {
    const full = fullShape({ command: 'transfer', via: 'pm', template: 'Transfer: {name} -> {to}', targets: ['p1', 'p2'] });
    expect(full.line).toBe('Transfer: {target} -> {to}');
    expect(full.keyword).toBe('Transfer');
    expect(full.params?.map((p) => p.key)).toEqual(['target', 'to']);
    expect(fullShape({ command: 'lastwords', via: 'post', template: '<last words>' }).params).toEqual([{ kind: 'text', key: 'text', multiline: true }]);
  });
});
