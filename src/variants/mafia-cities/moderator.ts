// The staff's actions in mafia-cities (CIT-MOD): the shared toolkit (engine/modkit.ts) as this rulebook configures
// it, and its own actions; each validated by its schema, logged by the engine as a moderator.action event, and
// announced when it changes public state (CIT-MOD-1).
import { z } from 'zod';
import type { Command } from '../../core/types.ts';
import type { Builder } from '../../engine/builder.ts';
import { livePlayerArg, type ModActionInfo, modActionsOf, modArg, refuse, refused, runModAction } from '../../engine/modactions.ts';
import { modKitOf } from '../../engine/modkit.ts';
import { fold, matchName } from '../../engine/names.ts';
import { warn } from './activity.ts';
import { ACTIVITY_ACTIONS } from './activity-staff.ts';
import { cityOf, genderOf, inCities, msg, nm, revealParam, toFamily } from './common.ts';
import { announceRevival, CORRECTION_ACTIONS } from './corrections.ts';
import type { CitEvents } from './events.ts';
import { dieNow, elect, endGame } from './flow.ts';
import { staffLastWord } from './lastword.ts';
import { setBase } from './recall.ts';
import { STAFF_ACTIONS } from './staff.ts';
import type { CitState } from './state.ts';
import { moveBoundary, pendingBoundaries, TIME_ACTIONS } from './time-powers.ts';

/** A mafia-cities staff action: its arguments typed by its schema. */
const mod = modActionsOf<CitState, CitEvents>();

/** The shared toolkit as mafia-cities configures it, with the rulebook's own staff actions. */
export const MOD_KIT = modKitOf<CitState, CitEvents>()({
  match: matchName,
  nameParam: 'arg',
  // §3.3 freeze (CIT-MOD-2): every command and player post is refused until unfreeze (REJ-FROZEN).
  pause: { inputs: 'refused', code: 'REJ-FROZEN', rules: 'CIT-MOD-2, §3.3' },
  substitute: {
    rules: 'CIT-MOD-9',
    announce(b, id, old, prior) {
      const st = b.state;
      // «<старый ник> заменён(а) на <новый ник>» in the general thread and the seat's city thread (the leaver's gender).
      inCities(b, [cityOf(st, id)], true, msg('T-SUBSTITUTE', { old, new: nm(st, id), g: genderOf(prior, id) }));
      b.emit('role.assigned', { player: id, role: st.players[id]!.role ?? 'citizen', substitute: true }, { kind: 'players', ids: [id] });
    },
  },
  moveDeadline: {
    summary:
      'Move a boundary of the running day or night that has not passed, earlier or later: the nominations’ end (voteStart, with the recall cut-off), the vote’s end (voteEnd: execution, night start) or the night’s end (the next dayStart); announced everywhere.',
    rules: 'CIT-MOD-2, §3.3',
    deadlines: ['nominations', 'vote', 'night'],
    describe: 'which boundary: the nominations’ end, the vote’s end or the night’s end',
    pending: (s) => pendingBoundaries(s, s.clock),
    move: (b, which, to) => moveBoundary(b, which, to, 'T-MOVED'),
  },
  voidVote: {
    rules: 'CIT-MOD-1, CIT-MOD-3',
    voteOf: (s, id) => s.v.votes[cityOf(s, id)]?.[id]?.target,
    void(b, id) {
      const s = b.state;
      b.emit('cit.unvoted', { city: cityOf(s, id), voter: id });
      inCities(b, [cityOf(s, id)], false, msg('T-VOTE-VOIDED', { name: nm(s, id) }));
    },
  },
  remove: {
    summary: 'Removes a player from the game at once, with or without the «Овощ» warning (announced with his role).',
    rules: 'CIT-MOD-4, CIT-ACT-4, CIT-RES-3',
    args: z
      .object({
        name: modArg.name(),
        vegetable: z.boolean().default(false).describe('issue the «Овощ» warning'),
        cause: z.enum(['moderator', 'inactivity']).default('moderator').describe('announced as a staff removal or as the Prokurator’s inactivity kill'),
      })
      .strict(),
    run(b, id, args) {
      const s = b.state;
      const vegetable = args.vegetable ? 'yes' : 'no';
      // CIT-MOD-4: «удалён(а) из игры модератором» or the inactivity cause (T-PROK-KILL).
      const inactivity = args.cause === 'inactivity';
      // CIT-ACT-7: the warning goes to the player's cross-game profile (before the death, which may end the game).
      if (args.vegetable) warn(b, id, inactivity ? 'inactivity' : 'moderator');
      dieNow(
        b,
        id,
        inactivity ? 'inactivity' : 'moderator',
        inactivity
          ? msg('T-PROK-KILL', { name: nm(s, id), role: revealParam(s, id), vegetable })
          : msg('T-STAFF-KILL', { name: nm(s, id), g: genderOf(s, id), role: revealParam(s, id), vegetable }),
      );
    },
  },
  // CIT-MOD-3: a player killed by an engine error is back in the game.
  restore: {
    summary: 'Revive a player killed by an engine error (a correction, announced «Исправление прокуратора»).',
    rules: 'CIT-MOD-3',
    announce: announceRevival,
  },
  end: {
    summary: 'Ends the game early with a declared result (a side, or none).',
    rules: 'CIT-MOD-10, CIT-MOD-1',
    args: z.object({ side: z.enum(['honest', 'mafia', 'maniac', 'none']).describe('the declared winner') }).strict(),
    run(b, args) {
      endGame(b, args.side, 'T-END-MOD');
    },
  },
  // The names mafia-cities used before the shared toolkit: old scripts and clients still work.
  aliases: { kill: 'remove', revive: 'restore' },
  own: {
    lastword: mod({
      summary: 'Publishes a nominee’s last word recorded by staff (after his /lastword call): text or a link to the recording.',
      rules: 'CIT-LW-3, CIT-MOD-7',
      args: z.object({ name: modArg.name('the nominee'), text: modArg.text('the last word, or a link to its recording') }).strict(),
      run(b, args) {
        const id = livePlayerArg(b.state, args, matchName);
        if (refused(id)) return id;
        const r = staffLastWord(b, id, args.text);
        return r ? refuse(r.code) : undefined;
      },
    }),
    godfather: mod({
      summary: 'Appoints a family’s Godfather while its election is open (a deadlock before the window closes).',
      rules: 'CIT-MOD-5, CIT-ENG-4',
      args: z.object({ name: modArg.name('a living mafioso') }).strict(),
      run(b, args) {
        const id = livePlayerArg(b.state, args, matchName);
        if (refused(id)) return id;
        const s = b.state;
        const c = s.v.cityOf[id] ?? -1;
        if (s.players[id]?.role !== 'mafioso' || !s.v.gfElection[c]) return refuse('no Godfather election of this player’s family is open');
        elect(b, c, id, 'plurality');
      },
    }),
    hint: mod({
      summary: 'The Consigliere’s hint to a family: posted in its inbox (the family of the named mafioso).',
      rules: 'CIT-REL-3, CIT-ENG-4',
      args: z.object({ name: modArg.name('a mafioso of the family'), text: modArg.text('the hint') }).strict(),
      run(b, args) {
        const id = livePlayerArg(b.state, args, matchName);
        if (refused(id)) return id;
        if (b.state.players[id]?.role !== 'mafioso') return refuse('hints go to a family: name one of its mafiosi');
        toFamily(b, b.state.v.cityOf[id] ?? 0, msg('P-HINT', { text: args.text }));
      },
    }),
    'recall-threshold': mod({
      summary: 'Sets the base of the open recall request’s threshold in a city (between its living mafiosi, at least 1, and 4).',
      rules: 'CIT-MOD-6, CIT-REC-4',
      args: z
        .object({ city: z.string().trim().min(1).max(40).describe('the city, by name'), base: z.number().int().min(0).max(60).describe('the base B') })
        .strict(),
      run(b, args) {
        const c = b.state.v.cities.findIndex((x) => fold(x) === fold(args.city));
        if (c < 0) return refuse(`no city "${args.city}"`);
        return setBase(b, c, args.base);
      },
    }),
    // Staff powers over time (CIT-MOD-2, time-powers.ts).
    ...TIME_ACTIONS,
    // Staff capacities (CIT-ENG-2, staff.ts).
    ...STAFF_ACTIONS,
    // Corrections (CIT-MOD-3, corrections.ts).
    ...CORRECTION_ACTIONS,
    // CIT-ACT-4, CIT-MOD-8: inactivity and «Овощ» (activity-staff.ts).
    ...ACTIVITY_ACTIONS,
  },
});

/** Runs a staff action of mafia-cities; false when it is not one. */
export function moderate(b: Builder<CitState, CitEvents, string>, cmd: Extract<Command, { type: 'mod' }>): boolean {
  return runModAction(b, cmd, MOD_KIT.actions);
}

/** The staff actions with their argument schemas (API description and help texts). */
export const MOD_ACTIONS: Readonly<Record<string, ModActionInfo>> = MOD_KIT.described;
