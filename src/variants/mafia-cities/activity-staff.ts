// The staff's inactivity and «Овощ» actions of mafia-cities (CIT-ACT-4, CIT-MOD-8; substitution, CIT-MOD-9, is the
// toolkit's, moderator.ts), kept
// apart from moderator.ts so the two tables grow without touching each other.
import { z } from 'zod';
import { MODERATOR } from '../../core/types.ts';
import { argPlayer, livePlayerArg, type ModActions, modActionsOf, modArg, refuse, refused } from '../../engine/modactions.ts';
import { matchName } from '../../engine/names.ts';
import { canExcuse, warn } from './activity.ts';
import { cityOf, genderOf, inCities, msg, nm } from './common.ts';
import type { CitEvents } from './events.ts';
import type { CitState } from './state.ts';

/** A mafia-cities staff action: its arguments typed by its schema. */
const mod = modActionsOf<CitState, CitEvents>();

/** The actions, merged into moderator.ts's table (substitution is the toolkit's). */
export const ACTIVITY_ACTIONS: ModActions<CitState, CitEvents> = {
  excuse: mod({
    summary: 'Excuses a player’s inactivity: his counter goes back to 0 and today counts as active (before voteEnd).',
    rules: 'CIT-ACT-4, CIT-MOD-8',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const id = livePlayerArg(b.state, args, matchName);
      if (refused(id)) return id;
      if (!canExcuse(b.state, b.at)) return refuse('a player can be excused only on a game day, before its voteEnd');
      b.emit('cit.excused', { player: id }, MODERATOR);
      return undefined;
    },
  }),
  vegetable: mod({
    summary: 'Issues the «Овощ» warning to a player (alive or not), announced publicly and kept in his profile.',
    rules: 'CIT-MOD-8, CIT-ACT-4, CIT-ACT-7',
    args: z.object({ name: modArg.name(), reason: z.string().trim().max(500).optional().describe('why, as announced and kept in the profile') }).strict(),
    run(b, args) {
      const s = b.state;
      if (s.status !== 'running' && s.status !== 'ended') return refuse('the game has not started');
      const id = argPlayer(s, args, matchName);
      if (refused(id)) return id;
      const reason = args.reason !== undefined && args.reason !== '' ? args.reason : undefined;
      warn(b, id, reason ?? 'moderator');
      inCities(b, [cityOf(s, id)], true, msg('T-VEGETABLE', { name: nm(s, id), g: genderOf(s, id), reason: reason ?? '', with: reason ? 'yes' : 'no' }));
      return undefined;
    },
  }),
  'revoke-vegetable': mod({
    summary: 'Revokes the latest «Овощ» warning a player received in this game (it leaves his profile).',
    rules: 'CIT-MOD-8, CIT-ACT-4, CIT-ACT-7',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const s = b.state;
      const id = argPlayer(s, args, matchName);
      if (refused(id)) return id;
      if ((s.v.warnings[id] ?? 0) === 0) return refuse(`${nm(s, id)} has no «Овощ» warning in this game`);
      b.emit('player.warning.revoked', { player: id, name: nm(s, id), kind: 'vegetable' }, MODERATOR);
      inCities(b, [cityOf(s, id)], true, msg('T-VEGETABLE-REVOKED', { name: nm(s, id) }));
      return undefined;
    },
  }),
};
