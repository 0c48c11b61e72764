// The staff's actions in mafia-cities (CIT-MOD): each validated by its schema, logged by the engine as a
// moderator.action event, and announced when it changes public state (CIT-MOD-1).
import { z } from 'zod';
import type { Command } from '../../core/types.ts';
import type { Builder } from '../../engine/builder.ts';
import { livePlayerArg, type ModActionInfo, type ModActions, modArg, refused, runModAction } from '../../engine/modactions.ts';
import { matchName } from '../../engine/names.ts';
import { genderOf, msg, nm, revealParam } from './common.ts';
import type { CitEvents } from './events.ts';
import { dieNow } from './flow.ts';
import type { CitState } from './state.ts';

const ACTIONS: ModActions<CitState, CitEvents> = {
  kill: {
    summary: 'Removes a player from the game at once, with or without the «Овощ» warning (announced with his role).',
    rules: 'CIT-MOD-4, CIT-ACT-4, CIT-RES-3',
    args: z.object({ name: modArg.name(), vegetable: z.boolean().default(false).describe('issue the «Овощ» warning') }).strict(),
    run(b, args) {
      const id = livePlayerArg(b.state, args, matchName);
      if (refused(id)) return id;
      const s = b.state;
      dieNow(
        b,
        id,
        'moderator',
        msg('T-STAFF-KILL', { name: nm(s, id), g: genderOf(s, id), role: revealParam(s, id), vegetable: args.vegetable === true ? 'yes' : 'no' }),
      );
      return undefined;
    },
  },
};

/** Runs a staff action of mafia-cities; false when it is not one. */
export function moderate(b: Builder<CitState, CitEvents, string>, cmd: Extract<Command, { type: 'mod' }>): boolean {
  return runModAction(b, cmd, ACTIONS);
}

/** The staff actions with their argument schemas (API description and help texts). */
export const MOD_ACTIONS: Readonly<Record<string, ModActionInfo>> = ACTIONS;
