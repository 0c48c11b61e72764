// The human game master's powers in mafia-de (DE-MOD-*, DE-SCHED-5, DE-SIGN-8, DE-KILL-5, DE-INACT-4). Every
// accepted action is logged by the engine with its author and time; public state changes are announced.

import { z } from 'zod';
import type { Command, PlayerId, Rejection } from '../../core/types.ts';
import {
  argPlayer,
  isDateList,
  livePlayerArg,
  type ModActionInfo,
  type ModActions,
  modArg,
  notRunning,
  refuse,
  refused,
  restoreAction,
  runModAction,
  substituteSeat,
} from '../../engine/modactions.ts';
import { matchStrict } from '../../engine/names.ts';
import { nameOf } from '../../engine/state.ts';
import { localDate, parseTimestamp } from '../../engine/time.ts';
import { type B, citizensIn, mafiaIn, msg, opts, partyOf, phaseLabel, pn, type S, SIGNUP_PHASE, when } from './common.ts';
import { normalizeDm } from './deathmessage.ts';
import type { DeEvents } from './events.ts';
import { disqualify, endParts, phaseEnd, postWithWinCheck, remove, succeed, warn, warningLine } from './flow.ts';
import { CITIZENS, MAFIA, ROLES } from './roles.ts';
import type { DeState } from './state.ts';

type ModCmd = Extract<Command, { type: 'mod' }>;

function player(s: S, args: Record<string, unknown>, key = 'name'): PlayerId | Rejection {
  return argPlayer(s, args, matchStrict, key, 'input');
}

function text(args: Record<string, unknown>, key: string): string | Rejection {
  const t = args[key];
  if (typeof t !== 'string' || t.trim() === '') return refuse(`"${key}" is required`);
  return t.trim();
}

/** The named player still in the running game, or the refusal. */
function livePlayer(s: S, args: Record<string, unknown>, key = 'name'): PlayerId | Rejection {
  return livePlayerArg(s, args, matchStrict, key, 'input');
}

function dates(v: unknown, key: string): string[] | Rejection {
  const list = v ?? [];
  if (!isDateList(list)) return refuse(`"${key}" must be a list of dates`);
  return list;
}

const ACTIONS: ModActions<DeState, DeEvents> = {
  'move-deadline': {
    summary:
      'Set the deadline of the open phase (or of the signup) to any later instant than now, earlier or later than planned; the new local time is posted.',
    rules: 'DE-SCHED-5, DE-SIGN-8',
    args: z.object({ to: modArg.time() }).strict(),
    run(b, args) {
      const s = b.state;
      const to = typeof args.to === 'string' ? parseTimestamp(args.to, s.config.timeZone) : null;
      if (to === null) return refuse('"to" must be a time like 2011-04-01T22:00');
      if (to <= b.at) return refuse('the new deadline must be later than now');
      if (s.status === 'signup') {
        b.emit('signup.deadline', { deadline: to });
        b.upsertDeadlines({ id: 'start', kind: 'start', at: to });
        b.announce(msg('MSG-DEADLINE', { phase: SIGNUP_PHASE, deadline: when(s, to) }));
        return;
      }
      const stopped = notRunning(s);
      if (stopped) return stopped;
      b.emit('phase.deadline', { deadline: to });
      b.upsertDeadlines(phaseEnd(s, s.v.phase === 'night' ? 'night' : 'day', s.v.opensAt, to));
      b.announce(msg('MSG-DEADLINE', { phase: phaseLabel(s), deadline: when(s, to) }));
    },
  },

  'pause-dates': {
    summary: "Add or remove future pause dates; the open phase's deadline is recomputed and, if it moves, posted.",
    rules: 'DE-SCHED-4, DE-SCHED-5',
    args: z.object({ add: modArg.dates('future dates that become pause dates'), remove: modArg.dates('future dates that stop being pause dates') }).strict(),
    run(b, args) {
      const s = b.state;
      const today = localDate(b.at, s.config.timeZone);
      const add = dates(args.add, 'add');
      if (refused(add)) return add;
      const del = dates(args.remove, 'remove');
      if (refused(del)) return del;
      if (add.length + del.length === 0) return refuse('no date given');
      for (const d of [...add, ...del]) if (d <= today) return refuse(`${d} is not in the future`);
      b.emit('pause-dates.set', { dates: [...s.v.pauseDates.filter((d) => !del.includes(d)), ...add.filter((d) => !s.v.pauseDates.includes(d))] });
      if (s.status !== 'running') return;
      const st = b.state;
      const end = phaseEnd(st, st.v.phase === 'night' ? 'night' : 'day', st.v.opensAt);
      const fresh = end.at;
      if (fresh !== st.v.deadline && fresh > b.at) {
        b.emit('phase.deadline', { deadline: fresh });
        b.upsertDeadlines(end);
        b.announce(msg('MSG-DEADLINE', { phase: phaseLabel(st), deadline: when(st, fresh) }));
      }
    },
  },

  'reject-dm': {
    summary: 'Reject the current death message before the night deadline (the boss is told why).',
    rules: 'DE-KILL-5',
    args: z.object({ reason: modArg.text('why it is rejected') }).strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const reason = text(args, 'reason');
      if (refused(reason)) return reason;
      if (s.v.phase !== 'night' || s.v.dm === undefined) return refuse('there is no death message to reject');
      b.emit('dm.rejected', { normalized: normalizeDm(s.v.dm), reason }, { kind: 'moderator' });
      if (s.v.boss !== undefined) pn(b, [s.v.boss], 'Hinweis', msg('MSG-DM-REJECTED', { reason, deadline: when(s, s.v.deadline) }));
    },
  },

  disqualify: {
    summary: 'Disqualify a player at once.',
    rules: 'DE-MOD-2',
    args: z.object({ name: modArg.name(), reason: modArg.text('the reason') }).strict(),
    run(b, args) {
      const s = b.state;
      const id = livePlayer(s, args);
      if (refused(id)) return id;
      const reason = text(args, 'reason');
      if (refused(reason)) return reason;
      postWithWinCheck(b, [disqualify(b, id, { text: reason })]);
    },
  },

  warn: {
    summary: 'Give a player a warning (the last one disqualifies).',
    rules: 'DE-INACT-4',
    args: z.object({ name: modArg.name(), reason: modArg.text('the reason') }).strict(),
    run(b, args) {
      const s = b.state;
      const id = livePlayer(s, args);
      if (refused(id)) return id;
      const reason = text(args, 'reason');
      if (refused(reason)) return reason;
      const r = warn(b, id, { text: reason });
      postWithWinCheck(b, [...warningLine(b, [id]), ...(r.dq ? [r.dq] : [])]);
    },
  },

  'revoke-warning': {
    summary: 'Revoke one warning of a player (a completed disqualification stays).',
    rules: 'DE-INACT-4',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const s = b.state;
      const id = player(s, args);
      if (refused(id)) return id;
      const k = s.v.warnings[id] ?? 0;
      if (k === 0) return refuse(`${nameOf(s, id)} has no warning`);
      const max = opts(s).maxWarnings;
      b.emit('warning.changed', { player: id, count: k - 1 });
      pn(b, [id], 'Verwarnung', msg('MSG-WARN-REVOKED-PN', { k: k - 1, max }));
      b.announce(msg('MSG-WARN-REVOKED', { name: nameOf(s, id), k: k - 1, max }));
    },
  },

  end: {
    summary: 'End the round with a winner, without one, or for the party opposing a violator.',
    rules: 'DE-MOD-4, DE-MOD-5',
    args: z
      .object({
        side: z.enum(['citizens', 'mafia', 'none']).optional(),
        against: modArg.name('the violator (his opponents win)').optional(),
        reason: modArg.text('the reason'),
      })
      .strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const reason = text(args, 'reason');
      if (refused(reason)) return reason;
      let side = args.side;
      if (typeof args.against === 'string') {
        const against = player(s, args, 'against');
        if (refused(against)) return against;
        side = partyOf(s, against) === MAFIA ? CITIZENS : MAFIA;
      }
      if (side !== CITIZENS && side !== MAFIA && side !== 'none') return refuse('"side" must be citizens, mafia or none (or give "against")');
      b.announce(...endParts(b, side, 'mod', reason));
    },
  },

  kill: {
    summary: 'Remove a player as a correction (no testament, no voodoo death).',
    rules: 'DE-MOD-1',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const s = b.state;
      const id = livePlayer(s, args);
      if (refused(id)) return id;
      remove(b, id, 'moderator');
      succeed(b);
      postWithWinCheck(b, [msg('MSG-KILLED-MOD', { name: nameOf(s, id) })]);
    },
  },

  revive: restoreAction<DeState, DeEvents>({
    rules: 'DE-MOD-1',
    match: matchStrict,
    nameParam: 'input',
    announce(b, id) {
      postWithWinCheck(b, [msg('MSG-REVIVED', { name: nameOf(b.state, id) })]);
    },
  }),

  'set-role': {
    summary: "Change a player's role (told to him privately).",
    rules: 'DE-MOD-1',
    args: z.object({ name: modArg.name(), role: z.string().min(1).max(40).describe('a role id of mafia-de') }).strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const id = player(s, args);
      if (refused(id)) return id;
      const role = text(args, 'role');
      if (refused(role)) return role;
      if (!ROLES.some((r) => r.id === role)) return refuse(`unknown role ${role}`);
      b.emit('role.changed', { player: id, role }, { kind: 'players', ids: [id] });
      if (role === 'mafia-boss') b.emit('boss.set', { boss: id }, { kind: 'moderator' });
      if (mafiaIn(b.state).length === 0 || citizensIn(b.state).length === 0) postWithWinCheck(b, []);
    },
  },

  replace: {
    summary: 'A forum member replaces a player and inherits everything.',
    rules: 'DE-MOD-8',
    args: z.object({ old: modArg.name('the player who leaves'), new: modArg.name('the replacement (an account name)') }).strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const id = player(s, args, 'old');
      if (refused(id)) return id;
      const name = text(args, 'new');
      if (refused(name)) return name;
      if (s.v.blacklist.some((x) => matchStrict(x, [{ id: 'x', name }]).kind === 'one')) return refuse(`${name} is on the blacklist`);
      // The seat hand-over every rulebook shares (a name already signed up is refused there).
      const old = substituteSeat(b, id, name, matchStrict);
      if (refused(old)) return old;
      b.emit('role.assigned', { player: id, role: s.players[id]!.role, substitute: true }, { kind: 'players', ids: [id] });
      b.announce(msg('MSG-REPLACED', { new: name, old }));
    },
  },

  blacklist: {
    summary: 'Add names to or remove names from the blacklist, during signup only.',
    rules: 'DE-MOD-6',
    args: z.object({ add: z.array(modArg.name('an account')).max(200).optional(), remove: z.array(modArg.name('an account')).max(200).optional() }).strict(),
    run(b, args) {
      const s = b.state;
      if (s.status !== 'signup') return refuse('the blacklist can be edited only during signup');
      const add = Array.isArray(args.add) ? (args.add as unknown[]).filter((x): x is string => typeof x === 'string') : [];
      const del = Array.isArray(args.remove) ? (args.remove as unknown[]).filter((x): x is string => typeof x === 'string') : [];
      const gone = (x: string) => del.some((d) => matchStrict(d, [{ id: 'x', name: x }]).kind === 'one');
      b.emit('blacklist.set', { names: [...s.v.blacklist.filter((x) => !gone(x)), ...add] }, { kind: 'moderator' });
    },
  },
};

/** Runs a mafia-de moderator action; false when the action is not one of mafia-de's. */
export function moderate(b: B, cmd: ModCmd): boolean {
  return runModAction(b, cmd, ACTIONS);
}

/** mafia-de's own moderator actions with their argument schemas (for the API description and help texts). */
export const MOD_ACTIONS: Readonly<Record<string, ModActionInfo>> = ACTIONS;
