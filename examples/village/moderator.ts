// The village's moderator toolkit: the engine's shared actions (engine/modkit.ts) configured with the village's
// events and messages. A rulebook that lacks a tool lists it under `forbidden` with the reason the console shows.
import { z } from 'zod';
import { phrase, ref } from '../../src/core/params.ts';
import type { Builder } from '../../src/engine/builder.ts';
import { modArg } from '../../src/engine/modactions.ts';
import { modKitOf } from '../../src/engine/modkit.ts';
import { matchName } from '../../src/engine/names.ts';
import { planContext } from '../../src/engine/phases.ts';
import { deadlineOf } from '../../src/engine/schedule.ts';
import { type GameState, nameOf } from '../../src/engine/state.ts';
import { hhmm } from '../../src/engine/time.ts';
import { endWith, FLOWING, winner } from './flow.ts';
import { SCHEDULE, type VillageInstant } from './schedule.ts';
import type { VillageEvents, VillageState } from './state.ts';

type B = Builder<VillageState, VillageEvents>;
type S = GameState<VillageState>;

/** After a removal or a restoration: the game ends if a side has won. */
function checkWin(b: B): void {
  const side = winner(b.state);
  if (side !== undefined) endWith(b, side);
}

/** The toolkit as the village configures it. */
export const MOD_KIT = modKitOf<VillageState, VillageEvents>()({
  match: matchName,
  nameParam: 'text',
  // A pause only stops the clock: posts, votes and orders still count, and no deadline passes until the resume.
  pause: { inputs: 'accepted', rules: 'VIL-MOD' },
  substitute: {
    rules: 'VIL-MOD',
    announce(b, id, old) {
      const s = b.state;
      b.announce({ key: 'MSG-SUBSTITUTE', params: { new: nameOf(s, id), old } });
      b.emit('role.assigned', { player: id, role: s.players[id]?.role ?? '' }, { kind: 'players', ids: [id] });
    },
  },
  moveDeadline: {
    rules: 'VIL-MOD',
    summary: 'Move the open phase’s deadline (the day’s dusk or the night’s dawn) earlier or later; the new time is posted.',
    deadlines: ['dusk', 'dawn'],
    describe: 'which deadline: the day’s dusk or the night’s dawn',
    pending(s: S): VillageInstant[] {
      const open = s.phases.at(-1)?.id;
      return open === 'day' ? ['dusk'] : open === 'night' ? ['dawn'] : [];
    },
    move(b, which, to) {
      const s = b.state;
      const open = s.phases.at(-1)!;
      b.upsertDeadlines(deadlineOf(SCHEDULE, which, planContext(s, FLOWING, open.round, open.date), { exactly: to }));
      b.announce({ key: 'MSG-DEADLINE-MOVED', params: { what: phrase(which === 'dusk' ? 'WHAT-DUSK' : 'WHAT-DAWN'), time: hhmm(to, s.config.timeZone) } });
      return undefined;
    },
  },
  voidVote: {
    rules: 'VIL-MOD',
    voteOf: (s, id) => s.v.votes[id],
    void(b, id) {
      b.emit('vote.voided', { voter: id });
    },
  },
  remove: {
    rules: 'VIL-MOD',
    summary: 'Take a player out of the game at once; his role is posted.',
    args: z.object({ name: modArg.name() }).strict(),
    run(b, id) {
      const s = b.state;
      b.emit('player.removed', { player: id, how: 'moderator' });
      b.announce({ key: 'MSG-REMOVED', params: { name: nameOf(s, id), role: ref('role', s.players[id]?.role ?? '') } });
      checkWin(b);
      return undefined;
    },
  },
  restore: {
    rules: 'VIL-MOD',
    announce(b, id) {
      b.announce({ key: 'MSG-RESTORED', params: { name: nameOf(b.state, id) } });
      checkWin(b);
    },
  },
  end: {
    rules: 'VIL-MOD',
    summary: 'End the game now with the declared winners (a side, or none).',
    args: z.object({ side: z.enum(['village', 'mafia', 'none']).describe('the declared winners') }).strict(),
    run(b, args) {
      endWith(b, args.side);
      return undefined;
    },
  },
});
