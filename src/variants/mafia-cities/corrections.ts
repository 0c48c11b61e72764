// The Prokurator's corrections (CIT-MOD-3): undoing what the engine computed on wrong inputs. The log is append-only,
// so a correction is not a rewrite of history but new events that reverse the wrong outcome and apply the right one,
// announced «Исправление прокуратора». Two actions cover the spec's two cases:
// - `restore {name}` (formerly `revive`, the toolkit's, moderator.ts): a player killed by an engine error is back;
// - `correct-execution {city, wrong?, right?}`: a city's execution re-run on corrected inputs (a ballot the engine
//   mis-read, a vote it lost): the wrongly executed player is revived and the one the corrected tally selects is
//   executed by that city's decision, with every consequence of a death (lists, votes, seats, the win check).
// Staff compute the corrected result themselves (the tally's rule is CIT-VOTE-8..10); the engine applies it.
import { z } from 'zod';
import type { PlayerId } from '../../core/types.ts';
import { argPlayer, livePlayerArg, type ModActions, modActionsOf, modArg, refuse, refused } from '../../engine/modactions.ts';
import { fold, matchName } from '../../engine/names.ts';
import { isAlive } from '../../engine/state.ts';
import { type B, cityName, everywhere, genderOf, msg, nm, revealParam } from './common.ts';
import type { CitEvents } from './events.ts';
import { dieNow } from './flow.ts';
import type { CitState } from './state.ts';

/** CIT-MOD-3: the revived player is announced in every thread (the toolkit's `restore`, moderator.ts). */
export function announceRevival(b: B, id: PlayerId): void {
  everywhere(b, msg('T-CORRECTION-REVIVE', { name: nm(b.state, id), g: genderOf(b.state, id) }));
}

/** A mafia-cities staff action: its arguments typed by its schema. */
const mod = modActionsOf<CitState, CitEvents>();

/** The staff's corrections (CIT-MOD-3) besides the toolkit's `restore`. */
export const CORRECTION_ACTIONS: ModActions<CitState, CitEvents> = {
  'correct-execution': mod({
    summary:
      'Re-runs a city’s execution on corrected inputs: revives the player it executed by mistake (wrong) and executes the one the corrected tally selects (right), announced «Исправление прокуратора».',
    rules: 'CIT-MOD-3, CIT-MOD-1, CIT-VOTE-8',
    args: z
      .object({
        city: z.string().trim().min(1).max(40).describe('the city whose execution is corrected'),
        wrong: modArg.name('the player executed by mistake').optional(),
        right: modArg.name('the player the corrected tally executes').optional(),
      })
      .strict(),
    run(b, args) {
      const s = b.state;
      if (s.status !== 'running') return refuse('the game is not running');
      const c = s.v.cities.findIndex((x) => fold(x) === fold(args.city));
      if (c < 0) return refuse(`no city "${args.city}"`);
      if (args.wrong === undefined && args.right === undefined) return refuse('name the wrong execution, the right one, or both');
      let wrong: PlayerId | undefined;
      if (args.wrong !== undefined) {
        const id = argPlayer(s, args, matchName, 'wrong', 'arg');
        if (refused(id)) return id;
        if (isAlive(s, id) || s.players[id]?.removedHow !== 'execution') return refuse(`${nm(s, id)} was not executed`);
        // The status list's note says which city executed him (CIT-ANN-1).
        if (s.v.deaths[id]?.city !== undefined && fold(s.v.deaths[id]!.city!) !== fold(cityName(s, c)))
          return refuse(`${nm(s, id)} was executed by ${s.v.deaths[id]!.city}, not ${cityName(s, c)}`);
        wrong = id;
      }
      let right: PlayerId | undefined;
      if (args.right !== undefined) {
        const id = livePlayerArg(s, args, matchName, 'right', 'arg');
        if (refused(id)) return id;
        right = id;
      }
      if (wrong !== undefined) {
        b.emit('player.restored', { player: wrong });
        announceRevival(b, wrong);
      }
      if (right !== undefined) {
        const st = b.state;
        dieNow(
          b,
          right,
          'execution',
          msg('T-CORRECTION-EXEC', { city: cityName(st, c), name: nm(st, right), g: genderOf(st, right), role: revealParam(st, right) }),
          c,
        );
      }
      return undefined;
    },
  }),
};
