// The human ΣΕ's powers in palermo (PAL-MOD-*). Each action validates its arguments, emits events and a public
// notice where the rules ask for one; the engine logs every accepted action with its author and time.

import { z } from 'zod';
import { list, phrase, ref } from '../../core/params.ts';
import type { Command, PlayerId, Rejection } from '../../core/types.ts';
import type { Builder } from '../../engine/builder.ts';
import { nextPlayDay } from '../../engine/calendar.ts';
import { argPlayer, livePlayerArg, type ModActionInfo, modActionsOf, modArg, notRunning, refuse, refused, runModAction } from '../../engine/modactions.ts';
import { modKitOf } from '../../engine/modkit.ts';
import { matchName } from '../../engine/names.ts';
import { deadlineOf, planPhase } from '../../engine/schedule.ts';
import { type GameState, nameOf, playersIn } from '../../engine/state.ts';
import { ddmm, localDate } from '../../engine/time.ts';
import type { PalEvents } from './events.ts';
import { checkWin, endGame, killersIn, msg, removeNow, roleOf, roleRef, stamp, teamRef } from './flow.ts';
import type { PalRejectionCode } from './rejections.ts';
import { PAL_SCHEDULE, palContext } from './schedule.ts';
import type { PalState } from './state.ts';

type B = Builder<PalState, PalEvents, PalRejectionCode>;
type S = GameState<PalState>;
type ModCmd = Extract<Command, { type: 'mod' }>;

function player(s: S, args: Record<string, unknown>, key = 'name'): PlayerId | Rejection {
  return argPlayer(s, args, matchName, key, 'text');
}

/** The named player still in the running game, or the refusal. */
function livePlayer(s: S, args: Record<string, unknown>, key = 'name'): PlayerId | Rejection {
  return livePlayerArg(s, args, matchName, key, 'text');
}

/** A palermo moderator action: its arguments typed by its schema. */
const mod = modActionsOf<PalState, PalEvents>();

/** The shared toolkit as palermo configures it (engine/modkit.ts), with palermo's own actions. */
export const MOD_KIT = modKitOf<PalState, PalEvents>()({
  match: matchName,
  nameParam: 'text',
  // PAL-CAL-4 (and decision A2): on pause days posts, votes and PMs are accepted and belong to the open round, and no
  // instant passes. A moderator's pause is read the same way: nothing resolves, every input still counts.
  pause: { inputs: 'accepted', rules: 'PAL-CAL-4, PAL-MOD-1' },
  substitute: {
    rules: 'PAL-MOD-8',
    seat: 'any',
    announce(b, id, old) {
      const s = b.state;
      b.announce(msg('MSG-SUBSTITUTE', { new: nameOf(s, id), old }));
      b.emit('role.assigned', { player: id, role: roleOf(s, id), substitute: true }, { kind: 'players', ids: [id] });
    },
  },
  moveDeadline: {
    summary: 'Move one deadline of the open round earlier or later (the close, the murder or the runoff); the new local time is posted.',
    rules: 'PAL-MOD-3',
    deadlines: ['close', 'kill', 'runoff'],
    notPending: { close: 'no main vote is open', kill: 'no murder is pending', runoff: 'no runoff is open' },
    describe: 'which deadline: the main vote’s close, the 13:00 murder, or the runoff (its poll or its extension)',
    pending(s) {
      const out: ('close' | 'kill' | 'runoff')[] = [];
      if (s.phases.at(-1)?.id === 'day') out.push('close');
      if (s.phases.at(-1)?.id === 'day' && !s.v.killDone && s.v.killAt !== undefined) out.push('kill');
      if (s.v.runoff) out.push('runoff');
      return out;
    },
    move(b, what, to) {
      const s = b.state;
      const r = s.v.round;
      if (what === 'close') {
        if (s.v.killAt !== undefined && !s.v.killDone && to <= s.v.killAt) return refuse('the close cannot precede the murder');
        b.emit('round.timing', { closeAt: to });
        b.upsertDeadlines(deadlineOf(PAL_SCHEDULE, 'close', palContext(s), { exactly: to }));
      } else if (what === 'kill') {
        if (to >= s.v.closeAt) return refuse('the murder must come before the close');
        b.emit('round.timing', { killAt: to });
        b.upsertDeadlines(deadlineOf(PAL_SCHEDULE, 'kill', palContext(s), { exactly: to }));
      } else {
        const ru = s.v.runoff!;
        b.emit('runoff.timing', { endsAt: to });
        b.upsertDeadlines(deadlineOf(PAL_SCHEDULE, ru.stage === 'poll' ? 'runoff' : 'extension', palContext(s, ru.round), { exactly: to }));
      }
      const label = what === 'close' ? 'WHAT-CLOSE' : what === 'kill' ? 'WHAT-KILL' : 'WHAT-RUNOFF';
      b.announce(msg('MSG-DEADLINE-MOVED', { what: phrase(label), r, ...stamp(s, to) }));
    },
  },
  voidVote: {
    rules: 'PAL-MOD-7',
    voteOf: (s, id) => s.v.votes[id],
    void(b, id, target) {
      b.emit('votes.voided', { target, voters: [id], byModerator: true });
    },
  },
  remove: {
    summary: 'Expel a player: out at once, full role revealed, no last words, votes for him void.',
    rules: 'PAL-MOD-9',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, id) {
      const s = b.state;
      b.emit('revealed', { players: [id] });
      removeNow(b, id, 'moderator', [msg('MSG-PENALTY', { name: nameOf(s, id), roleName: roleRef(s, id), team: teamRef(s, id) })]);
    },
  },
  restore: {
    rules: 'PAL-MOD-1',
    announce(b, id) {
      b.announce(msg('MSG-RESTORED', { name: nameOf(b.state, id) }));
      checkWin(b);
    },
  },
  end: {
    summary: 'End the game now and declare the result (a side, or none).',
    rules: 'PAL-MOD-1',
    args: z.object({ side: z.enum(['citizens', 'killers', 'none']).describe('the declared winners') }).strict(),
    run(b, args) {
      endGame(b, args.side, 'MOD', true);
    },
  },
  // The names palermo used before the shared toolkit: old scripts and clients still work.
  aliases: { stop: 'end' },
  own: {
    calendar: mod({
      summary: 'Make future dates extra working days or extra pause days; the open round moves if its date changes.',
      rules: 'PAL-CAL-5, PAL-MOD-2',
      args: z
        .object({
          addWorkingDays: modArg.dates('dates after today that become working days'),
          addPauseDays: modArg.dates('dates after today that become pause days'),
        })
        .strict(),
      run(b, args) {
        const s = b.state;
        const today = localDate(b.at, s.config.timeZone);
        // The schema checked the dates' form; only a past date is left to refuse.
        const work = args.addWorkingDays ?? [];
        const pause = args.addPauseDays ?? [];
        const past = [...work, ...pause].find((d) => d <= today);
        if (past !== undefined) return refuse(`${past} is not after the current date`);
        if (work.length + pause.length === 0) return refuse('no date given');
        const cal = s.calendar;
        const calendar = {
          ...cal,
          extraWorkingDays: [...cal.extraWorkingDays.filter((d) => !pause.includes(d)), ...work],
          extraPauseDays: [...cal.extraPauseDays.filter((d) => !work.includes(d)), ...pause],
        };
        b.emit('calendar.changed', { calendar });
        // The open round keeps its date unless that date lies ahead and the change moved it.
        let date = s.v.date;
        if (s.status === 'running' && s.phases.at(-1)?.id === 'day' && s.v.round > 1 && date > today && s.v.lastClose !== undefined) {
          const fresh = nextPlayDay(calendar, localDate(s.v.lastClose, s.config.timeZone));
          if (fresh !== date && fresh > today) {
            date = fresh;
            redate(b, date);
          }
        }
        const description = list([...work.map((d) => `+${d}`), ...pause.map((d) => `-${d}`)], 'comma');
        b.announce(msg('MSG-CALENDAR', { description, date: ddmm(date) }));
      },
    }),

    'runoff-length': mod({
      summary: 'Choose the length of a runoff extension (30 or 60 minutes); only before the runoff ends, never for an announced extension.',
      rules: 'PAL-MOD-4, PAL-TIE-4',
      args: z.object({ minutes: z.literal([30, 60]).describe('30 or 60') }).strict(),
      run(b, args) {
        const minutes = args.minutes;
        const s = b.state;
        const ru = s.v.runoff;
        // PAL-TIE-4: the length is chosen before the runoff ends; once the extension is announced its end stands
        // (PAL-MOD-3 can still move that one deadline, with a notice of the new time).
        if (ru?.stage === 'extension') {
          const end = stamp(s, ru.endsAt);
          return refuse(
            `the extension was already announced to end ${end.date} at ${end.time}; its length can be chosen only before the runoff ends (to move the announced end, use move-deadline with deadline "runoff")`,
          );
        }
        b.emit('runoff.length', { minutes });
        b.announce(msg('MSG-RUNOFF-LENGTH', { minutes }));
      },
    }),

    designate: mod({
      summary: 'Designate the runoff candidate who leaves if the extension ends still tied (instead of the lot).',
      rules: 'PAL-MOD-4, PAL-TIE-5',
      args: z.object({ name: modArg.name('a runoff candidate') }).strict(),
      run(b, args) {
        const s = b.state;
        const id = player(s, args);
        if (refused(id)) return id;
        if (!s.v.runoff?.candidates.includes(id)) return refuse(`${nameOf(s, id)} is not a runoff candidate`);
        b.emit('runoff.designated', { player: id }, { kind: 'moderator' });
      },
    }),

    waive: mod({
      summary: "Waive a player's absence at the coming close.",
      rules: 'PAL-MOD-5, PAL-ABS-2',
      args: z.object({ name: modArg.name() }).strict(),
      run(b, args) {
        const s = b.state;
        const id = livePlayer(s, args);
        if (refused(id)) return id;
        b.emit('absence.waived', { player: id }, { kind: 'moderator' });
      },
    }),

    absences: mod({
      summary: "Set a player's absence counters.",
      rules: 'PAL-MOD-5, PAL-MOD-1',
      args: z.object({ name: modArg.name(), total: z.number().int().min(0).max(1000), consecutive: z.number().int().min(0).max(1000) }).strict(),
      run(b, args) {
        const s = b.state;
        const id = player(s, args);
        if (refused(id)) return id;
        const { total, consecutive } = args;
        if (consecutive > total) return refuse('"total" and "consecutive" must be whole numbers with consecutive ≤ total');
        b.emit('absence.adjusted', { player: id, counter: { total, consecutive } }, { kind: 'moderator' });
      },
    }),

    status: mod({
      summary: 'Post how many killers remain and whether each dealt special role is still in the game.',
      rules: 'PAL-MOD-6, PAL-REV-6',
      args: modArg.none(),
      run(b) {
        const s = b.state;
        const stopped = notRunning(s);
        if (stopped) return stopped;
        const dealt = ['informant', 'henchman', 'nurse'].filter((r) => s.order.some((id) => roleOf(s, id) === r));
        const lines = dealt.map((r) =>
          phrase('PART-STATUS-LINE', { role: ref('role', r), status: phrase(playersIn(s).some((p) => p.role === r) ? 'STATUS-IN' : 'STATUS-OUT') }),
        );
        b.announce(msg('MSG-STATUS', { m: killersIn(s).length, statusList: list(lines, 'none') }));
      },
    }),

    inform: mod({
      summary: 'Tell an informant one more killer.',
      rules: 'PAL-MOD-10, PAL-DIST-3',
      args: z.object({ informant: modArg.name('the informant'), killer: modArg.name('the killer he learns') }).strict(),
      run(b, args) {
        const s = b.state;
        const inf = player(s, args, 'informant');
        if (refused(inf)) return inf;
        const killer = player(s, args, 'killer');
        if (refused(killer)) return killer;
        if (roleOf(s, inf) !== 'informant') return refuse(`${nameOf(s, inf)} is not an informant`);
        if (roleOf(s, killer) !== 'killer') return refuse(`${nameOf(s, killer)} is not a killer`);
        if (s.v.knows[inf]?.includes(killer)) return refuse(`${nameOf(s, inf)} already knows ${nameOf(s, killer)}`);
        b.emit('informant.told', { informant: inf, killer }, { kind: 'players', ids: [inf] });
        b.tell([inf], msg('MSG-INFORM-ADD', { name: nameOf(s, killer) }));
      },
    }),
  },
});

/** PAL-CAL-5: moves the open round to a new date D_r (its planned instants follow; a murder already done stays done). */
function redate(b: B, date: string): void {
  const s = b.state;
  const ctx = palContext(s, s.v.round, date);
  const plan = planPhase(PAL_SCHEDULE, 'day', ctx).filter((d) => d.kind !== 'kill' || (!s.v.killDone && s.v.killAt !== undefined));
  const closeAt = deadlineOf(PAL_SCHEDULE, 'close', ctx).at;
  b.emit('round.timing', { closeAt, ...(s.v.killDone ? {} : { killAt: deadlineOf(PAL_SCHEDULE, 'kill', ctx).at }) });
  const ids = new Set([deadlineOf(PAL_SCHEDULE, 'kill', ctx).id, deadlineOf(PAL_SCHEDULE, 'close', ctx).id]);
  b.schedule([...s.deadlines.filter((d) => !ids.has(d.id)), ...plan]);
  b.emit('phase.dated', { phase: 'day', date });
  b.emit('round.dated', { round: s.v.round, date });
}

/** Runs a palermo moderator action; false when the action is not one of palermo's. */
export function moderate(b: B, cmd: ModCmd): boolean {
  return runModAction(b, cmd, MOD_KIT.actions);
}

/** palermo's moderator actions and their older names with their argument schemas (the API describes and validates them). */
export const MOD_ACTIONS: Readonly<Record<string, ModActionInfo>> = MOD_KIT.described;
