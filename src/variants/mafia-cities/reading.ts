// How mafia-cities reads players' posts and private messages (spec §0.1, CIT-THR): the dead are silent; only
// residents write in their city's thread, nobody at night, and the general thread holds no command; a post or PM
// counts its first command line only. That line goes to its declaration (actions.ts) through `perform`.
import type { Actor, Command, PlayerId } from '../../core/types.ts';
import { perform } from '../../engine/actions/check.ts';
import { channelById, MAIN_CHANNEL, publishIn } from '../../engine/channels.ts';
import { forward, syntaxOf } from '../../engine/game.ts';
import { type CommandLine, parseCommands, type Syntax } from '../../engine/parse.ts';
import { isAlive, postAuthor } from '../../engine/state.ts';
import { ACTIONS, MAFIA_COMMANDS, nextMorning } from './actions.ts';
import { markActive } from './activity.ts';
import { type B, cityName, cityOf, family, phaseOf } from './common.ts';
import { cityChannel, familyChannel } from './state.ts';

/**
 * CIT-LW-2, CIT-JUD-4: a last word or a campaign speech may be long and span lines: the whole message after the
 * keyword is its text, and the PM is that one command.
 */
const WHOLE = /^\s*\/(lastword|последнее-слово|speech|речь)(?=\s|$)/iu;
const WHOLE_COMMAND: Readonly<Record<string, string>> = { lastword: 'lastword', 'последнее-слово': 'lastword', speech: 'speech', речь: 'speech' };

/**
 * The command lines of a post (the public forms) or a PM (the private forms), in order. §0.1: only the first counts.
 */
export function commandLines(syntax: Syntax, cmd: Extract<Command, { type: 'post' | 'pm' }>): readonly CommandLine[] {
  if (cmd.type === 'post') return parseCommands(cmd.text, syntax).filter((l) => l.where !== 'pm');
  const whole = WHOLE.exec(cmd.text);
  if (whole) {
    const command = WHOLE_COMMAND[whole[1]!.toLowerCase()]!;
    return [{ command, arg: cmd.text.slice(whole[0].length).trim(), line: cmd.text.split('\n')[0] ?? '', where: 'pm' }];
  }
  return parseCommands(cmd.text, syntax).filter((l) => l.where === 'pm');
}

/**
 * §0.1: «one command per post (the first line that parses as a command counts, further command lines are ignored
 * and the author is told so privately)»; the same for a PM's private commands. Each further line gets its notice,
 * naming it and the line that counted (the counted line also tells the staff whose matter the notice is, CIT-ENG-3).
 */
function ignored(b: B, actor: Actor, lines: readonly CommandLine[]): void {
  const [first, ...rest] = lines;
  for (const l of rest) b.reject(actor, 'REJ-ONE-COMMAND', { first: first!.line, line: l.line }, { line: l.line });
}

/** Thread commands whose own window is the day: at night they are refused for it, not for the night lock. */
const WINDOWED = new Set(['nominate', 'vote', 'unvote', 'judgevote', 'judgeunvote']);

/** A post in a thread or an inbox (CIT-THR-1..4, CIT-MAF-9). */
export function onPost(b: B, cmd: Extract<Command, { type: 'post' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const id = actor.id;
  const s = b.state;
  const chId = cmd.channel ?? MAIN_CHANNEL;
  const ch = channelById(b.variant, s, chId);
  // CIT-THR-4: the dead are silent everywhere; their posts are not published.
  if (!isAlive(s, id)) return void b.reject(actor, 'REJ-DEAD');
  if (!ch) return void b.reject(actor, 'R-CHANNEL', { channel: chId });
  const lines = commandLines(syntaxOf(b.variant), cmd);
  const city = s.v.cities.findIndex((_, i) => cityChannel(i) === chId);
  const thread = chId === MAIN_CHANNEL || city >= 0;
  if (thread) {
    // CIT-THR-1: only residents write in a city thread; CIT-THR-3: nobody at night.
    if (city >= 0 && cityOf(s, id) !== city) return void b.reject(actor, 'REJ-THR-CITY', { city: cityName(s, city) });
    if (!ch.writers.includes(id)) {
      // A vote or nomination written at night is refused for its own window (CIT-VOTE-1: «окончено в 22:00»); any
      // other post for the night lock. Neither is published.
      const first = city >= 0 ? lines[0] : undefined;
      const refused = first && WINDOWED.has(first.command) ? perform(b, ACTIONS, actor, 'post', first, cmd) === false : false;
      if (!refused) b.reject(actor, 'REJ-THR-NIGHT', nextMorning(s));
      return;
    }
    publishIn(b, ch, id, cmd.text, cmd.postId);
    // CIT-ACT-1: a published post in his city thread or the general thread (a refused command that stays visible too).
    markActive(b, id);
    // CIT-THR-2: no command in the general thread.
    if (city < 0) return lines.length > 0 ? void b.reject(actor, 'REJ-THR-GENERAL', {}, { line: lines[0]!.line }) : undefined;
    // §0.1: one command per post, the first command line.
    const first = lines[0];
    if (first) command(b, actor, first, 'post', cmd);
    ignored(b, actor, lines);
    return;
  }
  if (!ch.writers.includes(id)) return void b.reject(actor, 'R-CHANNEL', { channel: chId });
  publishIn(b, ch, id, cmd.text, cmd.postId);
}

/** CIT-THR-5: an edit is shown as an edit («изменено»); the command its post held stays as it was recorded. */
export function onEdit(b: B, cmd: Extract<Command, { type: 'post.edit' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const id = cmd.actor.id;
  if (!isAlive(b.state, id)) return void b.reject(cmd.actor, 'REJ-DEAD');
  if (postAuthor(b.state, cmd.postId) !== id) return void b.reject(cmd.actor, 'R-CHANNEL', { channel: cmd.postId });
  b.emit('post.edited', { postId: cmd.postId, author: id, text: cmd.text });
}

/** A private message to the Prokurator / Consigliere (§0.1 private forms); free text is forwarded to staff. */
export function onPm(b: B, cmd: Extract<Command, { type: 'pm' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const id = cmd.actor.id;
  const lines = commandLines(syntaxOf(b.variant), cmd);
  const first = lines[0];
  if (!first) return forward(b, cmd.actor, cmd.text);
  // CIT-JUD-4: a speech's refusal names its line.
  if (!isAlive(b.state, id)) return void b.reject(cmd.actor, 'REJ-DEAD', {}, first.command === 'speech' ? { line: first.line } : {});
  b.emit('pm.received', { from: id, text: cmd.text }, { kind: 'players', ids: [id] });
  command(b, cmd.actor, first, 'pm', cmd);
  ignored(b, cmd.actor, lines);
}

/** Carries out one command line of a living player through its declaration. */
function command(b: B, actor: Extract<Actor, { kind: 'player' }>, line: CommandLine, via: 'post' | 'pm', input: { text: string; postId?: string }): void {
  const s = b.state;
  const id: PlayerId = actor.id;
  // CIT-MAF-7: any mafia command, accepted or not, is the family speaking tonight.
  const c = cityOf(s, id);
  if (MAFIA_COMMANDS.has(line.command) && s.players[id]?.role === 'mafioso' && phaseOf(s) === 'night' && !s.v.spoke[c]) {
    b.emit('cit.spoke', { city: c }, { kind: 'team', team: familyChannel(c), ids: family(s, c, false) });
  }
  const done = perform(b, ACTIONS, actor, via, line, input);
  // No declaration answers the line here (a signup form during the game): no action of his.
  if (done === undefined) b.reject(actor, 'REJ-ROLE', {}, { line: line.line });
  // CIT-ACT-1: any accepted command, public or private (a speech is published in his thread without counting, as before).
  else if (done && line.command !== 'speech') markActive(b, id);
}
