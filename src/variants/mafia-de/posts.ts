// Thread posts while the game runs: every post is published; posts of players in the game count for activity
// (DE-INACT-2); a post beginning with «Stimme» earns a hint (DE-VOTE-9); «Aufgabe» opens a surrender window
// (DE-WIN-4); posts that may prove a status are flagged to the moderator (DE-MOD-3).

import type { Command } from '../../core/types.ts';
import { publishPost, syntaxOf } from '../../engine/game.ts';
import { readText, stripMarkup } from '../../engine/parse.ts';
import { deadlineOf } from '../../engine/schedule.ts';
import { isAlive, nameOf } from '../../engine/state.ts';
import { PM_KEYWORDS } from './actions.ts';
import { normKeyword, SURRENDER_LINE } from './commands.ts';
import { type B, dePhase, gameNo, msg, opts, pn } from './common.ts';
import { de } from './messages.ts';
import { DE_SCHEDULE, deContext } from './schedule.ts';

const PN_KEYS = /^MSG-(ROLE|HELP|RESULT|BOSS|NO-QUERY|INS|NEW-BOSS|MAFIA-ROLES|WARN-PN|DM-|VOTE-VOID|TARGET-VOID|ACK)/;

/** Literal runs of at least 20 characters of the PN templates (DE-MOD-3: verbatim copies of engine PNs). */
const PN_CHUNKS: readonly string[] = Object.entries(de)
  .filter(([k, t]) => PN_KEYS.test(k) && !t.includes(', select,'))
  .flatMap(([, t]) => t.split(/\{[^{}]*\}/))
  .map((c) => c.replace(/\s+/g, ' ').trim())
  .filter((c) => [...c].length >= 20);

/** DE-MOD-3: true when a post's full text (quotes included) looks like a posted PN of this game. */
export function looksLikePn(text: string, game: string): boolean {
  const t = text.replace(/\s+/g, ' ');
  return t.includes(`Mafia #${game} |`) || PN_CHUNKS.some((c) => t.includes(c));
}

/** A thread post of a participant while the game runs. */
export function onPost(b: B, cmd: Extract<Command, { type: 'post' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const id = cmd.actor.id;
  const s = b.state;
  const postId = publishPost(b, id, cmd.text, cmd.postId);
  if (looksLikePn(cmd.text, gameNo(s))) b.flag('FLAG-STATUS-PROOF', { name: nameOf(s, id), excerpt: cmd.text.replace(/\s+/g, ' ').slice(0, 120) });
  const own = stripMarkup(cmd.text).trim();
  const firstLine = own.split('\n')[0]?.trim() ?? '';
  // DE-WIN-4: a surrender post by any participant, in the game or removed; it needs the boss's PN (DE-WIN-5).
  if (SURRENDER_LINE.test(firstLine)) {
    b.emit('surrender.posted', { postId, author: id });
    b.upsertDeadlines(deadlineOf(DE_SCHEDULE, 'surrender', deContext(s, undefined, b.at), { anchor: b.at, key: postId }));
  }
  // DE-INACT-7: posts of removed players are neither blocked nor counted.
  if (!isAlive(s, id)) return;
  if ([...own].length >= opts(s).minPostChars) b.emit('post.counted', { player: id }, { kind: 'moderator' });
  // DE-VOTE-9: a thread post never votes; one hint per player and day. Besides a post that begins with the keyword,
  // one that writes a vote anywhere (`Meine Stimme: Klaus`, a later `Vote: Klaus` line) is told too, so nobody
  // believes he voted in the thread.
  const votes = () => {
    const r = readText(cmd.text, syntaxOf(b.variant));
    return r.lines.some((l) => l.command === 'vote') || r.mentions.some((m) => m.command === 'vote');
  };
  if (
    dePhase(s) === 'day' &&
    !s.v.threadHinted.includes(id) &&
    (PM_KEYWORDS.get(normKeyword(firstLine).match(/^\p{L}+/u)?.[0] ?? '')?.command === 'vote' || votes())
  ) {
    b.emit('thread.vote.hinted', { player: id }, { kind: 'moderator' });
    pn(b, [id], 'Hinweis', msg('MSG-THREAD-VOTE'));
  }
}
