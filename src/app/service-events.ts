// The service's own commands (issue 24 item 4): the changes of a game that are no engine command — a line in a team
// channel, a new co-moderator, the moderator's reminder leads — written as service events (game-service.ts
// SERVICE_EVENTS) through the game's queue. Their preconditions are checked there, against the log as it stands when
// the event is written, and a refusal is a CommandError like the engine commands' (the server maps its code).
import { MODERATOR, type PlayerId } from '../core/types.ts';
import { nameKey } from './accounts.ts';
import { CommandError } from './errors.ts';
import type { GameService, Outcome } from './game-service.ts';
import { activeMembers } from './views.ts';

/** Writes a chat line in a team channel for a member still in the game (team.not_member otherwise). */
export function writeTeamChat(
  service: GameService,
  gameId: string,
  from: { readonly id: PlayerId; readonly name: string },
  team: string,
  text: string,
): Promise<Outcome> {
  return service.appendService(gameId, (g, at) => {
    // Membership is what the log says at the moment the message is written.
    const ids = activeMembers(g.state, g.meta.teams, team);
    if (!ids.includes(from.id)) throw new CommandError('team.not_member', 'only members still in the game write in a team channel');
    return [{ type: 'team.chat', at, audience: { kind: 'team', team, ids }, data: { team, from: from.id, name: from.name, text } }];
  });
}

/** Adds a co-moderator by his account name (not a moderator already, not a player of the game). */
export function addModerator(service: GameService, gameId: string, by: string, name: string): Promise<Outcome> {
  const key = nameKey(name);
  return service.appendService(gameId, (g, at) => {
    if (g.meta.moderators.some((x) => nameKey(x) === key)) throw new CommandError('game.already_moderator', `${name} is a moderator already`);
    if (g.state.order.some((id) => nameKey(g.state.players[id]!.name) === key))
      throw new CommandError('game.player_cannot_moderate', `${name} plays in this game`);
    return [{ type: 'moderator.added', at, audience: { kind: 'public' }, data: { name, by } }];
  });
}

/** Sets the game's reminder leads in minutes, longest first, without repeats ([] turns reminders off). */
export function setReminderLeads(service: GameService, gameId: string, by: string, minutes: readonly number[]): Promise<Outcome> {
  const leads = [...new Set(minutes)].sort((a, b) => b - a);
  return service.appendService(gameId, (_g, at) => [{ type: 'reminders.set', at, audience: MODERATOR, data: { minutes: leads, by } }]);
}
