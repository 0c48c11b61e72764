// Campaign speeches of judge candidates (CIT-JUD-4): `/speech <текст>` (the whole message after the keyword, any
// number of lines and speeches) from a declared candidate of an election open in his city, published at once in his
// city's thread as T-SPEECH. Audio is not stored by the engine: a candidate links his recording in the text.
import type { Command } from '../../core/types.ts';
import { announceIn } from '../../engine/channels.ts';
import { isAlive } from '../../engine/state.ts';
import { type B, cityOf, cityThread, msg, nm } from './common.ts';
import { citOptions } from './options.ts';

/** The `/speech` keyword (and its Russian alias) opening a PM. */
const SPEECH = /^\s*\/(speech|речь)(?=\s|$)/iu;

/** CIT-JUD-4: handles a PM that is a speech; false when the PM is something else. */
export function speech(b: B, cmd: Extract<Command, { type: 'pm' }>): boolean {
  const m = SPEECH.exec(cmd.text);
  if (!m || cmd.actor.kind !== 'player') return false;
  const id = cmd.actor.id;
  const s = b.state;
  const line = cmd.text.split('\n')[0] ?? '';
  if (s.status !== 'running') return false;
  if (!isAlive(s, id)) {
    b.reject(cmd.actor, 'REJ-DEAD', {}, { line });
    return true;
  }
  b.emit('pm.received', { from: id, text: cmd.text }, { kind: 'players', ids: [id] });
  const c = cityOf(s, id);
  const el = s.v.election[c];
  if (!el?.candidates.includes(id)) {
    b.reject(cmd.actor, 'REJ-SPEECH-NOTCAND', {}, { line });
    return true;
  }
  const text = cmd.text.slice(m[0].length).trim();
  const max = citOptions(s.config).speechTextMaxChars;
  if (text.length === 0) {
    b.reject(cmd.actor, 'REJ-SPEECH-EMPTY', {}, { line });
    return true;
  }
  if (text.length > max) {
    b.reject(cmd.actor, 'REJ-SPEECH-LONG', { max, n: text.length }, { line });
    return true;
  }
  announceIn(b, cityThread(s, c), msg('T-SPEECH', { name: nm(s, id), text }));
  return true;
}
