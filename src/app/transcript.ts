// The game export: the public thread, each player's private messages, rejections, players, winner, fairness data
// and every event with its audience. The CLI prints it; the server serves it; `narrator verify` checks it.
import type { GameEvent, Message } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import type { GameState, Locale } from '../engine/state.ts';
import { isoLocal } from '../engine/time.ts';
import type { Recognised, Variant } from '../engine/variant.ts';
import { renderMessage, renderParts, signatureOf } from '../i18n/render.ts';

/** One line of a transcript. */
export interface Line {
  readonly at: string;
  readonly kind: string;
  readonly text: string;
  /** The channel of a public line when it is not the main thread (a city's thread, engine/channels.ts). */
  readonly channel?: string;
  /** CIT-ENG-5: who of the staff signs a private line («Прокуратор», «Консильери»). */
  readonly from?: string;
}

/** A rejection as exported. */
export interface RejectionLine {
  readonly at: string;
  readonly by: string;
  readonly code: string;
  readonly text: string;
  /** The same sentence in English (players and moderators who do not read the game's language). */
  readonly en: string;
}

/** A post or PM of a game script with the commands the engine read in it (as the API's reply names them). */
export interface InputLine {
  readonly at: string;
  readonly by: string;
  readonly via: 'post' | 'pm';
  readonly commands: readonly Recognised[];
}

/** A player as exported. */
export interface PlayerLine {
  readonly name: string;
  readonly role: string | null;
  readonly team: string | null;
  readonly status: string;
  readonly removedAt: string | null;
  readonly removedHow: string | null;
}

/** An exported event (secret ones keep their data only after the game has ended). */
export interface EventLine {
  readonly seq: number;
  readonly type: string;
  readonly at: string;
  readonly audience: GameEvent['audience'];
  readonly data: unknown;
}

/** The whole export of a game. */
export interface Transcript {
  readonly variant: string;
  readonly locale: Locale;
  readonly timeZone: string;
  readonly status: string;
  readonly public: Line[];
  readonly private: Record<string, Line[]>;
  readonly moderator: Line[];
  readonly rejections: RejectionLine[];
  readonly players: PlayerLine[];
  readonly winner: { side: string; players: string[] } | null;
  readonly commitment: string;
  readonly seed?: string;
  readonly events: EventLine[];
  /** `narrator play` only: every post and PM with the commands read in it (the server's reply carries them). */
  readonly inputs?: readonly InputLine[];
}

/** Builds the export of a game from its events and final state, rendering texts in `locale`. */
export function buildTranscript<V>(variant: Variant<V>, events: readonly GameEvent[], s: GameState<V>, locale: Locale = s.config.locale): Transcript {
  const tz = s.config.timeZone;
  const at = (ms: number) => isoLocal(ms, tz);
  const name = (id: string) => s.players[id]?.name ?? id;
  const v: Variant<unknown> = variant;
  const pub: Line[] = [];
  const priv: Record<string, Line[]> = Object.fromEntries(s.order.map((id) => [name(id), []]));
  const mod: Line[] = [];
  const rejections: RejectionLine[] = [];
  const ended = s.status === 'ended';
  const toPrivate = (ids: readonly string[], line: Line) => {
    for (const id of ids) (priv[name(id)] ??= []).push(line);
  };
  for (const stored of events) {
    const e = typed(stored);
    const a = e.audience;
    if (e.type === 'message') {
      const parts = e.data.parts;
      const ch = e.data.channel;
      const from = signatureOf(v, locale, a);
      const line: Line = {
        at: at(e.at),
        kind: parts[0]?.key ?? 'message',
        text: renderParts(v, locale, parts),
        ...(ch !== undefined ? { channel: ch } : {}),
        ...(from !== undefined ? { from } : {}),
      };
      if (a.kind === 'public') pub.push(line);
      else if (a.kind === 'players' || a.kind === 'team') toPrivate(a.ids, a.kind === 'team' ? { ...line, kind: `${a.team}:${line.kind}` } : line);
      else if (a.kind === 'moderator') mod.push(line);
    } else if (e.type === 'post.published') {
      const ch = e.data.channel;
      const line: Line = { at: at(e.at), kind: 'post', text: `${e.data.name}: ${e.data.text}`, ...(ch !== undefined ? { channel: ch } : {}) };
      // A post in a private channel (a family's inbox) belongs to its readers, never to the public thread.
      if (a.kind === 'public') pub.push(line);
      else if (a.kind === 'players' || a.kind === 'team') toPrivate(a.ids, { ...line, kind: `${a.kind === 'team' ? a.team : 'players'}:post` });
    } else if (e.type === 'post.edited') {
      pub.push({ at: at(e.at), kind: 'post.edited', text: `${name(e.data.author)} (${e.data.postId}): ${e.data.text}` });
    } else if (e.type === 'command.rejected') {
      const d = e.data;
      const m: Message = { key: d.code, params: d.params };
      const text = renderMessage(v, locale, m);
      rejections.push({ at: at(e.at), by: d.by, code: d.code, text, en: renderMessage(v, 'en', m) });
      if (a.kind === 'players') toPrivate(a.ids, { at: at(e.at), kind: `rejected:${d.code}`, text });
    } else if (e.type === 'pm.received' || e.type === 'pm.forwarded') {
      if (a.kind === 'players') toPrivate(a.ids, { at: at(e.at), kind: 'pm', text: `→ ${e.data.text}` });
    } else if (e.type === 'moderator.flag') {
      mod.push({
        at: at(e.at),
        kind: `flag:${e.data.reason}`,
        text: renderMessage(v, locale, { key: e.data.reason, params: e.data.params }),
      });
    }
  }
  const players: PlayerLine[] = s.order.map((id) => {
    const p = s.players[id]!;
    const role = variant.roles.find((r) => r.id === p.role);
    return {
      name: p.name,
      role: p.role ?? null,
      team: role?.side ?? null,
      status: p.status,
      removedAt: p.removedAt !== undefined ? at(p.removedAt) : null,
      removedHow: p.removedHow ?? null,
    };
  });
  return {
    variant: variant.id,
    locale,
    timeZone: tz,
    status: s.status,
    public: pub,
    private: priv,
    moderator: mod,
    rejections,
    players,
    winner: s.outcome ? { side: s.outcome.side, players: s.outcome.players.map(name) } : null,
    commitment: s.commitment,
    ...(ended ? { seed: s.seed } : {}),
    events: events.map((e, i) => ({
      seq: i + 1,
      type: e.type,
      at: at(e.at),
      audience: e.audience,
      data: e.audience.kind === 'secret' && !ended ? null : e.data,
    })),
  };
}
