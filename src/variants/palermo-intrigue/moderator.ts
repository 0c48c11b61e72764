// The ΣΕ's powers in palermo-intrigue (INT-MOD-1…4): penalty detention and expulsion; the engine's own actions
// (restore, substitute, pause, …) reach the new conditions through setCondition (INT-MOD-4). A ban is lifted by
// leaving the name out of the next game's `banned` option (INT-MOD-3).
import { z } from 'zod';
import type { Command, PlayerId, Rejection } from '../../core/types.ts';
import { argPlayer, type ModActionInfo, type ModActions, modArg, notRunning, refuse, refused, runModAction } from '../../engine/modactions.ts';
import { matchName } from '../../engine/names.ts';
import { deadlineOf } from '../../engine/schedule.ts';
import { nameOf } from '../../engine/state.ts';
import { msg, voidVotesFor } from '../palermo/flow.ts';
import type { IntEvents } from './events.ts';
import { afterChange, DETENTION_HOURS, setCondition } from './flow.ts';
import type { IntBuilder } from './rejections.ts';
import { cond, roleParam, type S } from './rules.ts';
import { INT_SCHEDULE, timerContext } from './schedule.ts';
import type { IntState } from './state.ts';

type B = IntBuilder<IntState>;

function player(s: S, args: Record<string, unknown>): PlayerId | Rejection {
  return argPlayer(s, args, matchName, 'name', 'text');
}

const ACTIONS: ModActions<IntState, IntEvents> = {
  'penalty-detain': {
    summary: 'Detain an active player as a penalty: 5 hours, then a ghost; cancellable by the card; no effect on the vote removal.',
    rules: 'INT-MOD-1',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const id = player(s, args);
      if (refused(id)) return id;
      if (cond(s, id) !== 'active') return refuse(`${nameOf(s, id)} is not active`);
      const until = b.at + DETENTION_HOURS * 3_600_000;
      b.emit('detention.started', { player: id, until });
      setCondition(b, id, 'detained', 'penalty');
      b.upsertDeadlines(deadlineOf(INT_SCHEDULE, 'detention', timerContext(s), { anchor: b.at, key: `${id}:${b.at}` }));
      b.announce(msg('MSG-PENALTY-DETAINED', { name: nameOf(s, id) }), ...voidVotesFor(b, id));
      afterChange(b as B);
      return undefined;
    },
  },
  expel: {
    summary: 'Expel a player for good: complete role revealed, no last words, ballots on him void.',
    rules: 'INT-MOD-1, INT-REV-2',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const id = player(s, args);
      if (refused(id)) return id;
      if (cond(s, id) === 'out') return refuse(`${nameOf(s, id)} is already out`);
      setCondition(b, id, 'out', 'moderator');
      b.emit('revealed', { players: [id] });
      b.announce(msg('MSG-PENALTY', { name: nameOf(s, id), roleName: roleParam(s, id) }), ...voidVotesFor(b, id));
      afterChange(b as B);
      return undefined;
    },
  },
  restore: {
    summary: 'Bring a ghost back as an active player (a moderator correction); his role stays secret.',
    rules: 'INT-MOD-4',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const id = player(s, args);
      if (refused(id)) return id;
      if (cond(s, id) !== 'ghost') return refuse(`${nameOf(s, id)} is not a ghost`);
      setCondition(b, id, 'active', 'moderator');
      b.announce(msg('MSG-RESTORED', { name: nameOf(s, id) }));
      afterChange(b as B);
      return undefined;
    },
  },
  release: {
    summary: 'End a detention now: the detained player is active again (a card detention then no longer suppresses the vote).',
    rules: 'INT-MOD-4',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const id = player(s, args);
      if (refused(id)) return id;
      if (cond(s, id) !== 'detained') return refuse(`${nameOf(s, id)} is not detained`);
      b.emit('detention.cancelled', { player: id });
      setCondition(b, id, 'active', 'moderator');
      b.dropDeadlines((d) => d.kind === 'detention' && d.id.startsWith(`det:${id}:`));
      b.announce(msg('MSG-INT-DETENTION-CANCELLED', { name: nameOf(s, id) }));
      afterChange(b as B);
      return undefined;
    },
  },
};

/** Handles a palermo-intrigue moderator action; false when it is not one of ours. */
export function moderate(b: B, cmd: Extract<Command, { type: 'mod' }>): boolean {
  return runModAction(b, cmd, ACTIONS);
}

/** The rulebook's own moderator actions with their argument schemas. */
export const MOD_ACTIONS: Readonly<Record<string, ModActionInfo>> = ACTIONS;
