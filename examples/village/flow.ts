// The village's deal, start and the steps of its two instants. Which steps run when, and which phase follows, is
// declared (schedule.ts, index.ts); the engine runs them and opens the next phase (engine/phases.ts).

import { ref } from '../../src/core/params.ts';
import type { Message, PlayerId } from '../../src/core/types.ts';
import { commandLine } from '../../src/engine/actions/text.ts';
import type { Builder } from '../../src/engine/builder.ts';
import { enterPhase, type Flowing, type FlowTable } from '../../src/engine/phases.ts';
import { type GameState, isAlive, nameOf, namesOf, playersIn } from '../../src/engine/state.ts';
import { tally } from '../../src/engine/tally.ts';
import { addDays, instantOf, localDate } from '../../src/engine/time.ts';
import { ACTIONS, mafia, type VillageRejection } from './actions.ts';
import { villageOptions } from './options.ts';
import { SCHEDULE } from './schedule.ts';
import type { VillageEvents, VillageState } from './state.ts';

type B = Builder<VillageState, VillageEvents, VillageRejection>;
type S = GameState<VillageState>;

/** The default deal: one mafioso in four players (at least one), the rest villagers. */
export function defaultRoles(n: number): string[] {
  const m = Math.max(1, Math.floor(n / 4));
  return [...Array<string>(m).fill('mafioso'), ...Array<string>(n - m).fill('villager')];
}

/** Deals the roles by the game's seeded shuffle and tells each player his role and how to act. */
export function deal(b: B): void {
  const s = b.state;
  const d = b.draws();
  const from = s.config.roleList ? [...s.config.roleList] : defaultRoles(s.order.length);
  const deck = d.shuffle(from);
  const roles = Object.fromEntries(s.order.map((id, i) => [id, deck[i]!]));
  b.emit('game.dealt', { roles, fixed: false, drawn: d.used, check: { kind: 'shuffle', from, result: deck } }, { kind: 'moderator' });
  const dealt = b.state;
  const team = mafia(dealt);
  const line = (id: string) => commandLine(ACTIONS, id, dealt.config.locale);
  for (const id of dealt.order) {
    const role = roles[id]!;
    b.emit('role.assigned', { player: id, role }, { kind: 'players', ids: [id] });
    if (role === 'mafioso')
      b.tell(
        [id],
        msg('MSG-ROLE-MAFIOSO', {
          mates: namesOf(
            dealt,
            team.ids.filter((x) => x !== id),
            '—',
          ),
          kill: line('kill'),
        }),
      );
    else b.tell([id], msg('MSG-ROLE-VILLAGER', { vote: line('vote') }));
  }
  b.emit('team.formed', { team: 'mafia', members: team.ids }, team);
}

/** The start: the announcement, then day 1 (today, or tomorrow when today's vote would already have closed). */
export function start(b: B): void {
  const s = b.state;
  const o = villageOptions(s.config);
  const tz = s.config.timeZone;
  const today = localDate(b.at, tz);
  const first = b.at < instantOf(today, o.duskTime, tz) ? today : addDays(today, 1);
  const m = playersIn(s).filter((p) => p.role === 'mafioso').length;
  b.announce(msg('MSG-START', { n: s.order.length, m, dusk: o.duskTime, dawn: o.dawnTime }));
  enterPhase(b, FLOWING, 'day', 1, first);
}

/** What the steps of one resolution hand on to each other: the village's steps read the state alone. */
export type VillageScratch = Record<string, never>;

/** Dusk: the most-voted player is lynched; a tie or no vote lynches nobody. */
function lynch(b: B): undefined {
  const s = b.state;
  const votes = new Map(Object.entries(s.v.votes).filter(([voter, target]) => isAlive(s, voter) && isAlive(s, target)));
  const t = tally(votes, s.order);
  const lynched = t.top.length === 1 ? t.top[0]! : undefined;
  if (lynched === undefined) return void b.announce(msg('MSG-NO-LYNCH'));
  b.emit('player.removed', { player: lynched, how: 'vote' });
  b.announce(msg('MSG-LYNCH', { name: nameOf(s, lynched), votes: t.max, role: roleRef(s, lynched) }));
}

/** Dawn: the mafia's last order kills its target, if he is still in the game. */
function murder(b: B): undefined {
  const s = b.state;
  const victim = s.v.kill;
  if (victim === undefined || !isAlive(s, victim)) return void b.announce(msg('MSG-QUIET-NIGHT'));
  b.emit('player.removed', { player: victim, how: 'murder' });
  b.announce(msg('MSG-MURDER', { name: nameOf(s, victim), role: roleRef(s, victim) }));
}

/** The side that has won: the village when no mafioso is left, the mafia when it is at least half of the rest. */
export function winner(s: S): 'village' | 'mafia' | undefined {
  const alive = playersIn(s);
  const m = alive.filter((p) => p.role === 'mafioso').length;
  return m === 0 ? 'village' : m >= alive.length - m ? 'mafia' : undefined;
}

/** Ends the game with `side` as the winners (or none, when the moderator says so) and posts the result. */
export function endWith(b: Builder<VillageState, VillageEvents>, side: string): void {
  const s = b.state;
  const players = side === 'none' ? [] : s.order.filter((id) => (s.players[id]?.role === 'mafioso') === (side === 'mafia'));
  b.emit('game.ended', { side, reason: 'MSG-WIN', players });
  b.announce(side === 'none' ? msg('MSG-NO-WINNER') : msg('MSG-WIN', { side: ref('side', side) }));
}

/** After each instant: the game ends when a side has won (and no phase opens). */
function win(b: B): undefined | 'stop' {
  const side = winner(b.state);
  if (side === undefined) return undefined;
  endWith(b, side);
  return 'stop';
}

/** The steps, conditions and date rules the declaration names. */
export const FLOW: FlowTable<VillageState, VillageEvents, VillageScratch> = {
  scratch: () => ({}),
  steps: { lynch, murder, win },
  conditions: {},
  // A night crosses midnight: the next day is the calendar day after the one the night began on.
  dates: { 'next-day': (s: S) => addDays(s.phases.at(-1)?.date ?? localDate(s.clock, s.config.timeZone), 1) },
};

/** What the engine needs to open the village's phases. */
export const FLOWING: Flowing<VillageState, VillageEvents, VillageScratch> = {
  schedule: SCHEDULE,
  flow: FLOW,
  options: villageOptions,
};

/** A message part. */
function msg(key: string, params?: Message['params']): Message {
  return params ? { key, params } : { key };
}

/** A player's role, as a message parameter (rendered in the reader's language). */
function roleRef(s: S, id: PlayerId) {
  return ref('role', s.players[id]?.role ?? '');
}
