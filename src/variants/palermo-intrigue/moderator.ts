// The ΣΕ's powers in palermo-intrigue (INT-MOD-1…4): the shared toolkit (INT-MOD-4: every PAL-MOD power applies to
// the new conditions: substitution, a deadline moved, a vote voided, expulsion, a ghost restored, the end), penalty
// detention and its release. A ban is lifted by leaving the name out of the next game's `banned` option (INT-MOD-3).

import { z } from 'zod';
import { phrase } from '../../core/params.ts';
import type { Command } from '../../core/types.ts';
import { argPlayer, type ModActionInfo, modActionsOf, modArg, notRunning, refuse, refused, runModAction } from '../../engine/modactions.ts';
import { modKitOf } from '../../engine/modkit.ts';
import { matchName } from '../../engine/names.ts';
import { deadlineOf } from '../../engine/schedule.ts';
import { nameOf } from '../../engine/state.ts';
import { msg, stamp, voidVotesFor } from '../palermo/flow.ts';
import type { IntEvents } from './events.ts';
import { afterChange, DETENTION_HOURS, endGame, setCondition } from './flow.ts';
import type { IntBuilder } from './rejections.ts';
import { cond, phaseNow, roleOf, roleParam } from './rules.ts';
import { INT_SCHEDULE, intContext, timerContext } from './schedule.ts';
import type { IntState } from './state.ts';

type B = IntBuilder<IntState>;

/** A palermo-intrigue moderator action: its arguments typed by its schema. */
const mod = modActionsOf<IntState, IntEvents>();

/** The deadlines the ΣΕ may move (PAL-MOD-3 through INT-MOD-4). */
type Movable = 'close' | 'kill' | 'runoff';

/** The shared toolkit as palermo-intrigue configures it (engine/modkit.ts), with its own penalty actions. */
export const MOD_KIT = modKitOf<IntState, IntEvents>()({
  match: matchName,
  nameParam: 'text',
  // PAL §3.2–3.4 apply unchanged (INT §3) and cards may be played on pause days (decision B35): a moderator's pause
  // is read as palermo's, every input still counts and nothing resolves until he resumes.
  pause: { inputs: 'accepted', rules: 'PAL-CAL-4, INT-MOD-4' },
  substitute: {
    rules: 'PAL-MOD-8, INT-MOD-4',
    seat: 'any',
    announce(b, id, old) {
      const s = b.state;
      b.announce(msg('MSG-SUBSTITUTE', { new: nameOf(s, id), old }));
      b.emit('role.assigned', { player: id, role: roleOf(s, id), substitute: true }, { kind: 'players', ids: [id] });
    },
  },
  moveDeadline: {
    summary:
      'Move one deadline of the open round earlier or later: the vote (its 20:00 lock, with the 20:05 change and the 20:10 count after it), the 13:00 murder, or the runoff; the new local time is posted.',
    rules: 'PAL-MOD-3, INT-MOD-4',
    deadlines: ['close', 'kill', 'runoff'],
    notPending: { close: 'no main vote is open', kill: 'no murder is pending', runoff: 'no runoff is open' },
    describe: 'which deadline: the vote’s 20:00 lock (the change window and the count follow it), the 13:00 murder, or the runoff',
    pending(s) {
      const out: Movable[] = [];
      if (phaseNow(s) === 'day' && s.deadlines.some((d) => d.kind === 'lock')) out.push('close');
      if (phaseNow(s) === 'day' && !s.v.killDone && s.v.killAt !== undefined) out.push('kill');
      if (s.v.runoff) out.push('runoff');
      return out;
    },
    move(b, what, to) {
      const s = b.state;
      const ctx = intContext(s);
      if (what === 'close') {
        if (s.v.killAt !== undefined && !s.v.killDone && to <= s.v.killAt) return refuse('the vote cannot close before the murder');
        // The change window and the count keep their distance from the lock (20:05, 20:10).
        const extAt = to + (s.v.extAt - s.v.lockAt);
        const closeAt = to + (s.v.closeAt - s.v.lockAt);
        b.emit('round.timing', { lockAt: to, extAt, closeAt });
        b.upsertDeadlines(
          deadlineOf(INT_SCHEDULE, 'lock', ctx, { exactly: to }),
          deadlineOf(INT_SCHEDULE, 'ext', ctx, { exactly: extAt }),
          deadlineOf(INT_SCHEDULE, 'close', ctx, { exactly: closeAt }),
        );
      } else if (what === 'kill') {
        if (to >= s.v.lockAt) return refuse('the murder must come before the vote’s lock');
        b.emit('round.timing', { killAt: to });
        b.upsertDeadlines(deadlineOf(INT_SCHEDULE, 'kill', ctx, { exactly: to }));
      } else {
        const ru = s.v.runoff!;
        b.emit('runoff.timing', { endsAt: to });
        b.upsertDeadlines(deadlineOf(INT_SCHEDULE, ru.stage === 'poll' ? 'runoff' : 'extension', intContext(s, ru.round), { exactly: to }));
      }
      const label = what === 'close' ? 'WHAT-CLOSE' : what === 'kill' ? 'WHAT-KILL' : 'WHAT-RUNOFF';
      b.announce(msg('MSG-DEADLINE-MOVED', { what: phrase(label), r: s.v.round, ...stamp(s, to) }));
    },
  },
  voidVote: {
    rules: 'PAL-MOD-7, INT-MOD-1',
    voteOf: (s, id) => s.v.votes[id],
    void(b, id, target) {
      b.emit('votes.voided', { target, voters: [id] });
    },
  },
  remove: {
    summary: 'Expel a player for good: complete role revealed, no last words, ballots on him void.',
    rules: 'INT-MOD-1, INT-REV-2',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, id) {
      const s = b.state;
      if (cond(s, id) === 'out') return refuse(`${nameOf(s, id)} is already out`);
      setCondition(b, id, 'out', 'moderator');
      b.emit('revealed', { players: [id] });
      b.announce(msg('MSG-PENALTY', { name: nameOf(s, id), roleName: roleParam(s, id) }), ...voidVotesFor(b, id));
      afterChange(b);
    },
  },
  restore: {
    summary: 'Bring a ghost back as an active player (a moderator correction); his role stays secret.',
    rules: 'INT-MOD-4',
    why: (s, id) => (cond(s, id) === 'ghost' ? undefined : `${nameOf(s, id)} is not a ghost`),
    bring(b, id) {
      setCondition(b, id, 'active', 'moderator');
    },
    announce(b, id) {
      b.announce(msg('MSG-RESTORED', { name: nameOf(b.state, id) }));
      afterChange(b);
    },
  },
  end: {
    summary: 'End the game now and declare the result (a side, or none); every role and card is revealed.',
    rules: 'PAL-MOD-1, INT-MOD-4',
    args: z.object({ side: z.enum(['citizens', 'mafia', 'rival', 'none']).describe('the declared winners') }).strict(),
    run(b, args) {
      endGame(b, args.side, 'MOD', true);
    },
  },
  // The name palermo-intrigue used before the shared toolkit: old scripts and clients still work.
  aliases: { expel: 'remove' },
  own: {
    'penalty-detain': mod({
      summary: 'Detain an active player as a penalty: 5 hours, then a ghost; cancellable by the card; no effect on the vote removal.',
      rules: 'INT-MOD-1',
      args: z.object({ name: modArg.name() }).strict(),
      run(b, args) {
        const s = b.state;
        const stopped = notRunning(s);
        if (stopped) return stopped;
        const id = argPlayer(s, args, matchName, 'name', 'text');
        if (refused(id)) return id;
        if (cond(s, id) !== 'active') return refuse(`${nameOf(s, id)} is not active`);
        const until = b.at + DETENTION_HOURS * 3_600_000;
        b.emit('detention.started', { player: id, until });
        setCondition(b, id, 'detained', 'penalty');
        b.upsertDeadlines(deadlineOf(INT_SCHEDULE, 'detention', timerContext(s), { anchor: b.at, key: `${id}:${b.at}` }));
        b.announce(msg('MSG-PENALTY-DETAINED', { name: nameOf(s, id) }), ...voidVotesFor(b, id));
        afterChange(b);
      },
    }),
    release: mod({
      summary: 'End a detention now: the detained player is active again (a card detention then no longer suppresses the vote).',
      rules: 'INT-MOD-4',
      args: z.object({ name: modArg.name() }).strict(),
      run(b, args) {
        const s = b.state;
        const stopped = notRunning(s);
        if (stopped) return stopped;
        const id = argPlayer(s, args, matchName, 'name', 'text');
        if (refused(id)) return id;
        if (cond(s, id) !== 'detained') return refuse(`${nameOf(s, id)} is not detained`);
        b.emit('detention.cancelled', { player: id });
        setCondition(b, id, 'active', 'moderator');
        b.dropDeadlines((d) => d.kind === 'detention' && d.id.startsWith(`det:${id}:`));
        b.announce(msg('MSG-INT-DETENTION-CANCELLED', { name: nameOf(s, id) }));
        afterChange(b);
      },
    }),
  },
});

/** Handles a palermo-intrigue moderator action; false when it is not one of ours. */
export function moderate(b: B, cmd: Extract<Command, { type: 'mod' }>): boolean {
  return runModAction(b, cmd, MOD_KIT.actions);
}

/** The rulebook's moderator actions with their argument schemas. */
export const MOD_ACTIONS: Readonly<Record<string, ModActionInfo>> = MOD_KIT.described;
