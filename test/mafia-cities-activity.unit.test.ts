// mafia-cities inactivity on its own (CIT-ACT-1..5, CIT-MOD-9): what counts as activity, the counters of step D5
// over several days, the threshold option, paused dates, and a substitute keeping the seat's counter.
import { describe, expect, it } from 'vitest';
import type { Command, GameEvent, PlayerId } from '../src/core/types.ts';
import { createGame, decide, tick } from '../src/engine/game.ts';
import type { GameConfig, GameState } from '../src/engine/state.ts';
import { instantOf } from '../src/engine/time.ts';
import { mafiaCities } from '../src/variants/mafia-cities/index.ts';
import type { CitState } from '../src/variants/mafia-cities/state.ts';

const TZ = 'Europe/Moscow';
const NAMES = ['Anna', 'Boris', 'Vera', 'Gleb', 'Dina', 'Egor', 'Zhanna', 'Ilya', 'Kirill', 'Lev'];
const CITY: Record<string, string> = { Anna: 'Север', Boris: 'Север', Vera: 'Север', Gleb: 'Север', Dina: 'Север' };
type S = GameState<CitState>;
const at = (d: string, t: string) => instantOf(d, t, TZ);

/** Fixture A without a maniac (nights kill nobody: the silent families refuse) and with both judges fixed. */
function started(options: Record<string, unknown> = {}, pause: string[] = []): S {
  log = [];
  const config: GameConfig = {
    variant: 'mafia-cities',
    locale: 'ru',
    timeZone: TZ,
    calendar: { ...mafiaCities.defaultCalendar, extraPauseDays: pause },
    createdAt: at('2025-03-02', '10:00'),
    startAt: at('2025-03-03', '10:00'),
    fixedRoles: { Boris: 'mafioso', Egor: 'mafioso', Vera: 'commissioner', Ilya: 'commissioner', Dina: 'doctor' },
    options: {
      cityNames: ['Север', 'Юг'],
      cities: Object.fromEntries(NAMES.map((n) => [n, CITY[n] ?? 'Юг'])),
      judges: { Север: 'Anna', Юг: 'Lev' },
      includeManiac: false,
      ...options,
    },
  };
  const created = createGame(mafiaCities, config, 'unit-seed', NAMES);
  return decide(mafiaCities, created.state, tick(config.startAt)).state as S;
}

const id = (s: S, name: string): PlayerId => s.order.find((x) => s.players[x]!.name === name)!;
/** Every event decided so far (the test's own log). */
let log: GameEvent[] = [];
function run(s: S, cmd: Command): S {
  const d = decide(mafiaCities, s, cmd);
  log.push(...d.events);
  return d.state as S;
}
/** The instants at which a player was sent a message with this key. */
function toldAt(s: S, name: string, key: string): number[] {
  const pid = id(s, name);
  return log
    .filter((e) => e.type === 'message' && e.audience.kind === 'players' && e.audience.ids.includes(pid))
    .filter((e) => (e.data as { parts: { key: string }[] }).parts.some((p) => p.key === key))
    .map((e) => e.at);
}
const post = (s: S, name: string, when: number, text: string, channel: string) =>
  run(s, { type: 'post', at: when, actor: { kind: 'player', id: id(s, name) }, text, channel });
const pm = (s: S, name: string, when: number, text: string) => run(s, { type: 'pm', at: when, actor: { kind: 'player', id: id(s, name) }, text });

/**
 * Everyone living but `idle` posts in his city thread on the day of `date`; on Day ≥ 1 a resident of each city who
 * is not idle nominates that city's victim and votes for him (so the mandatory execution takes nobody else).
 */
function day(s0: S, date: string, idle: readonly string[], victims?: { north: string; south: string }): S {
  let s = s0;
  const active = s.order.filter((x) => s.players[x]!.status === 'alive' && !idle.includes(s.players[x]!.name));
  for (const x of active) s = post(s, s.players[x]!.name, at(date, '11:00'), 'Доброе утро.', `city-${s.v.cityOf[x]! + 1}`);
  if (victims) {
    const lists = [victims.north, victims.south].map((victim, c) => ({
      c,
      victim,
      by: s.players[active.find((x) => s.v.cityOf[x] === c && s.players[x]!.name !== victim)!]!.name,
    }));
    for (const l of lists) s = post(s, l.by, at(date, '12:00'), `выдвигаю ${l.victim}`, `city-${l.c + 1}`);
    for (const l of lists) s = post(s, l.by, at(date, '18:30'), `казнить ${l.victim}`, `city-${l.c + 1}`);
  }
  return run(s, tick(at(date, '22:00')));
}
const alive = (s: S, name: string) => s.players[id(s, name)]!.status === 'alive';
const counter = (s: S, name: string) => s.v.inactive[id(s, name)] ?? 0;
describe('mafia-cities inactivity (CIT-ACT)', () => {
  it('CIT-ACT-1: a post in the family inbox or a command at night is no activity; a post in the general thread is', () => {
    let s = started();
    s = post(s, 'Boris', at('2025-03-03', '11:00'), 'Только для своих.', 'family-1');
    s = post(s, 'Egor', at('2025-03-03', '11:00'), 'Всем привет.', 'main');
    s = day(s, '2025-03-03', ['Boris', 'Egor']);
    expect(counter(s, 'Boris')).toBe(1);
    expect(counter(s, 'Egor')).toBe(0);
    // Night 1: Boris's accepted /nokill is no activity for Day 0 or Day 1.
    s = pm(s, 'Boris', at('2025-03-04', '09:00'), '/nokill');
    s = run(s, tick(at('2025-03-04', '10:00')));
    s = day(s, '2025-03-04', ['Boris'], { north: 'Vera', south: 'Ilya' });
    expect(alive(s, 'Boris')).toBe(false);
    expect(s.players[id(s, 'Boris')]!.removedHow).toBe('inactivity');
  });

  it('CIT-ACT-2, CIT-ACT-3: the counter resets on an active day; with inactivityDaysToKill 3 two idle days are not yet a kill, the reminder comes each time the counter becomes 1', () => {
    let s = started({ inactivityDaysToKill: 3 });
    s = day(s, '2025-03-03', ['Gleb']);
    expect(counter(s, 'Gleb')).toBe(1);
    s = run(s, tick(at('2025-03-04', '10:00')));
    s = day(s, '2025-03-04', [], { north: 'Vera', south: 'Ilya' });
    expect(counter(s, 'Gleb')).toBe(0);
    s = run(s, tick(at('2025-03-05', '10:00')));
    s = day(s, '2025-03-05', ['Gleb'], { north: 'Dina', south: 'Zhanna' });
    s = run(s, tick(at('2025-03-06', '10:00')));
    const before = s;
    s = day(s, '2025-03-06', ['Gleb'], { north: 'Boris', south: 'Kirill' });
    expect(counter(s, 'Gleb')).toBe(2);
    expect(alive(s, 'Gleb')).toBe(true);
    expect(before.v.inactive[id(s, 'Gleb')]).toBe(1);
    // P-INACT-REMINDER each time the counter became 1 (Day 0 and Day 2), not at 2.
    expect(toldAt(s, 'Gleb', 'P-INACT-REMINDER')).toEqual([at('2025-03-03', '22:00'), at('2025-03-05', '22:00')]);
    expect(log.filter((e) => e.type === 'command.rejected')).toEqual([]);
  });

  it('CIT-RES-4: an inactive player his city executes dies by execution: no Prokurator’s kill, no «Овощ»', () => {
    let s = started();
    s = day(s, '2025-03-03', ['Gleb']);
    s = run(s, tick(at('2025-03-04', '10:00')));
    s = day(s, '2025-03-04', ['Gleb'], { north: 'Gleb', south: 'Ilya' });
    expect(s.players[id(s, 'Gleb')]!.removedHow).toBe('execution');
    expect(log.filter((e) => e.type === 'player.warned')).toEqual([]);
  });

  it('inactivityDaysToKill 0 turns the rule off: nobody is counted, reminded or killed', () => {
    let s = started({ inactivityDaysToKill: 0 });
    s = day(s, '2025-03-03', ['Gleb']);
    s = run(s, tick(at('2025-03-04', '10:00')));
    s = day(s, '2025-03-04', ['Gleb'], { north: 'Vera', south: 'Ilya' });
    expect(alive(s, 'Gleb')).toBe(true);
    expect(s.v.inactive).toEqual({});
    expect(toldAt(s, 'Gleb', 'P-INACT-REMINDER')).toEqual([]);
  });

  it('section 3.3: a paused date is not a game day; the idle days on either side of it are consecutive', () => {
    let s = started({}, ['2025-03-04']);
    s = day(s, '2025-03-03', ['Gleb']);
    s = run(s, tick(at('2025-03-05', '10:00')));
    expect(s.v.date).toBe('2025-03-05');
    s = day(s, '2025-03-05', ['Gleb'], { north: 'Vera', south: 'Ilya' });
    expect(alive(s, 'Gleb')).toBe(false);
  });

  it('CIT-MOD-9: a substitute inherits the seat’s counter (and so its reminder and kill)', () => {
    let s = started();
    s = day(s, '2025-03-03', ['Gleb']);
    s = run(s, {
      type: 'mod',
      at: at('2025-03-04', '09:00'),
      actor: { kind: 'moderator', name: 'mod' },
      mod: { action: 'substitute', args: { old: 'Gleb', new: 'Gennady' } },
    });
    const seat = s.order.find((x) => s.players[x]!.name === 'Gennady')!;
    expect(s.v.inactive[seat]).toBe(1);
    s = run(s, tick(at('2025-03-04', '10:00')));
    s = day(s, '2025-03-04', ['Gennady'], { north: 'Vera', south: 'Ilya' });
    expect(s.players[seat]!.status).toBe('out');
  });
});
