// The human game master's powers in mafia-de (DE-MOD-*, DE-SCHED-5, DE-SIGN-8, DE-KILL-5, DE-INACT-4). Every
// accepted action is logged by the engine with its author and time; public state changes are announced.

import { z } from 'zod';
import type { Command, PlayerId, Rejection } from '../../core/types.ts';
import { argPlayer, livePlayerArg, type ModActionInfo, modActionsOf, modArg, notRunning, refuse, refused, runModAction } from '../../engine/modactions.ts';
import { modKitOf } from '../../engine/modkit.ts';
import { matchStrict } from '../../engine/names.ts';
import { nameOf } from '../../engine/state.ts';
import { localDate } from '../../engine/time.ts';
import { type B, citizensIn, dePhase, mafiaIn, msg, opts, partyOf, phaseLabel, pn, type S, SIGNUP_PHASE, when } from './common.ts';
import { normalizeDm } from './deathmessage.ts';
import type { DeEvents } from './events.ts';
import { disqualify, endParts, phaseEnd, postWithWinCheck, remove, succeed, warn, warningLine } from './flow.ts';
import { CITIZENS, MAFIA, ROLES } from './roles.ts';
import type { DeState } from './state.ts';

type ModCmd = Extract<Command, { type: 'mod' }>;

function player(s: S, args: Record<string, unknown>, key = 'name'): PlayerId | Rejection {
  return argPlayer(s, args, matchStrict, key, 'input');
}

/** The named player still in the running game, or the refusal. */
function livePlayer(s: S, args: Record<string, unknown>, key = 'name'): PlayerId | Rejection {
  return livePlayerArg(s, args, matchStrict, key, 'input');
}

/** A mafia-de moderator action: its arguments typed by its schema. */
const mod = modActionsOf<DeState, DeEvents>();

/** The shared toolkit as mafia-de configures it (engine/modkit.ts), with mafia-de's own actions. */
export const MOD_KIT = modKitOf<DeState, DeEvents>()({
  match: matchStrict,
  nameParam: 'input',
  // DE-SCHED-4: «Nothing is frozen»: during pauses PNs and posts are accepted and belong to the open phase; only the
  // deadlines wait. A moderator's pause is read the same way.
  pause: { inputs: 'accepted', rules: 'DE-SCHED-4, DE-MOD-1' },
  substitute: {
    rules: 'DE-MOD-8',
    seat: 'any',
    check(s, name) {
      return s.v.blacklist.some((x) => matchStrict(x, [{ id: 'x', name }]).kind === 'one') ? refuse(`${name} is on the blacklist`) : undefined;
    },
    announce(b, id, old) {
      const s = b.state;
      b.emit('role.assigned', { player: id, role: s.players[id]!.role, substitute: true }, { kind: 'players', ids: [id] });
      b.announce(msg('MSG-REPLACED', { new: nameOf(s, id), old }));
    },
  },
  moveDeadline: {
    summary:
      'Set the deadline of the open phase (or of the signup) to any later instant than now, earlier or later than planned; the new local time is posted.',
    rules: 'DE-SCHED-5, DE-SIGN-8',
    deadlines: ['signup', 'day', 'night'],
    describe: 'which deadline: the signup’s, the open day’s or the open night’s (there is one at a time)',
    signup: true,
    pending(s) {
      if (s.status === 'signup') return ['signup'];
      if (s.status !== 'running') return [];
      return [dePhase(s) ?? 'day'];
    },
    move(b, which, to) {
      const s = b.state;
      if (which === 'signup') {
        b.emit('signup.deadline', { deadline: to });
        b.upsertDeadlines({ id: 'start', kind: 'start', at: to });
        b.announce(msg('MSG-DEADLINE', { phase: SIGNUP_PHASE, deadline: when(s, to) }));
        return;
      }
      b.upsertDeadlines(phaseEnd(s, which, to));
      b.announce(msg('MSG-DEADLINE', { phase: phaseLabel(s), deadline: when(s, to) }));
    },
  },
  voidVote: {
    summary:
      "Void a player's current vote (DE-MOD-1): it no longer counts; unless he votes again before the deadline, his vote is the default one for himself (DE-VOTE-4).",
    rules: 'DE-MOD-1, DE-VOTE-4',
    voteOf: (s, id) => (dePhase(s) === 'day' ? s.v.votes[id] : undefined),
    void(b, id, target) {
      const s = b.state;
      b.emit('votes.voided', { target, voters: [id] }, { kind: 'moderator' });
      pn(b, [id], 'Hinweis', msg('MSG-VOTE-VOID-MOD', { name: nameOf(s, target), deadline: when(s, s.v.deadline) }));
    },
  },
  remove: {
    summary: 'Disqualify a player at once (a reason is required): his status is published, votes for him and his submissions are void.',
    rules: 'DE-MOD-2',
    args: z.object({ name: modArg.name(), reason: modArg.text('the reason') }).strict(),
    run(b, id, args) {
      postWithWinCheck(b, [disqualify(b, id, { text: args.reason })]);
    },
  },
  restore: {
    rules: 'DE-MOD-1',
    announce(b, id) {
      postWithWinCheck(b, [msg('MSG-REVIVED', { name: nameOf(b.state, id) })]);
    },
  },
  end: {
    summary: 'End the round with a winner, without one, or for the party opposing a violator.',
    rules: 'DE-MOD-4, DE-MOD-5',
    args: z
      .object({
        side: z.enum(['citizens', 'mafia', 'none']).optional().describe('the declared winners (or give "against")'),
        against: modArg.name('the violator (his opponents win)').optional(),
        reason: modArg.text('the reason'),
      })
      .strict(),
    run(b, args) {
      const s = b.state;
      let side = args.side;
      if (args.against !== undefined) {
        const against = player(s, args, 'against');
        if (refused(against)) return against;
        side = partyOf(s, against) === MAFIA ? CITIZENS : MAFIA;
      }
      if (side === undefined) return refuse('give "side" (citizens, mafia or none) or "against"');
      b.announce(...endParts(b, side, 'mod', args.reason));
    },
  },
  // The names mafia-de used before the shared toolkit: old scripts and clients still work.
  aliases: { replace: 'substitute', disqualify: 'remove', revive: 'restore' },
  own: {
    'pause-dates': mod({
      summary: "Add or remove future pause dates; the open phase's deadline is recomputed and, if it moves, posted.",
      rules: 'DE-SCHED-4, DE-SCHED-5',
      args: z.object({ add: modArg.dates('future dates that become pause dates'), remove: modArg.dates('future dates that stop being pause dates') }).strict(),
      run(b, args) {
        const s = b.state;
        const today = localDate(b.at, s.config.timeZone);
        // The schema checked the dates' form; what is left is that they lie ahead.
        const add = args.add ?? [];
        const del = args.remove ?? [];
        if (add.length + del.length === 0) return refuse('no date given');
        for (const d of [...add, ...del]) if (d <= today) return refuse(`${d} is not in the future`);
        b.emit('pause-dates.set', { dates: [...s.v.pauseDates.filter((d) => !del.includes(d)), ...add.filter((d) => !s.v.pauseDates.includes(d))] });
        if (s.status !== 'running') return;
        const st = b.state;
        const end = phaseEnd(st, dePhase(st) ?? 'day');
        const fresh = end.at;
        if (fresh !== st.v.deadline && fresh > b.at) {
          b.upsertDeadlines(end);
          b.announce(msg('MSG-DEADLINE', { phase: phaseLabel(st), deadline: when(st, fresh) }));
        }
      },
    }),

    'reject-dm': mod({
      summary: 'Reject the current death message before the night deadline (the boss is told why).',
      rules: 'DE-KILL-5',
      args: z.object({ reason: modArg.text('why it is rejected') }).strict(),
      run(b, args) {
        const s = b.state;
        const stopped = notRunning(s);
        if (stopped) return stopped;
        const reason = args.reason;
        if (dePhase(s) !== 'night' || s.v.dm === undefined) return refuse('there is no death message to reject');
        b.emit('dm.rejected', { normalized: normalizeDm(s.v.dm), reason }, { kind: 'moderator' });
        if (s.v.boss !== undefined) pn(b, [s.v.boss], 'Hinweis', msg('MSG-DM-REJECTED', { reason, deadline: when(s, s.v.deadline) }));
      },
    }),

    warn: mod({
      summary: 'Give a player a warning (the last one disqualifies).',
      rules: 'DE-INACT-4',
      args: z.object({ name: modArg.name(), reason: modArg.text('the reason') }).strict(),
      run(b, args) {
        const s = b.state;
        const id = livePlayer(s, args);
        if (refused(id)) return id;
        const reason = args.reason;
        const r = warn(b, id, { text: reason });
        postWithWinCheck(b, [...warningLine(b, [id]), ...(r.dq ? [r.dq] : [])]);
      },
    }),

    'revoke-warning': mod({
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
    }),

    kill: mod({
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
    }),

    'set-role': mod({
      summary: "Change a player's role (told to him privately).",
      rules: 'DE-MOD-1',
      args: z
        .object({
          name: modArg.name(),
          role: modArg.choice(
            ROLES.map((r) => r.id),
            'a role of mafia-de',
          ),
        })
        .strict(),
      run(b, args) {
        const s = b.state;
        const stopped = notRunning(s);
        if (stopped) return stopped;
        const id = player(s, args);
        if (refused(id)) return id;
        const role = args.role;
        b.emit('role.changed', { player: id, role }, { kind: 'players', ids: [id] });
        if (role === 'mafia-boss') b.emit('boss.set', { boss: id }, { kind: 'moderator' });
        if (mafiaIn(b.state).length === 0 || citizensIn(b.state).length === 0) postWithWinCheck(b, []);
      },
    }),

    blacklist: mod({
      summary: 'Add names to or remove names from the blacklist, during signup only.',
      rules: 'DE-MOD-6',
      args: z.object({ add: z.array(modArg.name('an account')).max(200).optional(), remove: z.array(modArg.name('an account')).max(200).optional() }).strict(),
      run(b, args) {
        const s = b.state;
        if (s.status !== 'signup') return refuse('the blacklist can be edited only during signup');
        const add = args.add ?? [];
        const del = args.remove ?? [];
        const gone = (x: string) => del.some((d) => matchStrict(d, [{ id: 'x', name: x }]).kind === 'one');
        b.emit('blacklist.set', { names: [...s.v.blacklist.filter((x) => !gone(x)), ...add] }, { kind: 'moderator' });
      },
    }),
  },
});

/** Runs a mafia-de moderator action; false when the action is not one of mafia-de's. */
export function moderate(b: B, cmd: ModCmd): boolean {
  return runModAction(b, cmd, MOD_KIT.actions);
}

/** mafia-de's moderator actions with their argument schemas (for the API description and help texts). */
export const MOD_ACTIONS: Readonly<Record<string, ModActionInfo>> = MOD_KIT.described;
