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
  const b = new TranscriptBuilder(variant, s, locale);
  for (const e of events) b.add(e);
  return b.finish();
}

/**
 * The export built one event at a time (the server builds a long game's in slices of the event loop): `add` each
 * event of the log in order, then `finish`. `s` is the state the log leads to.
 */
export class TranscriptBuilder<V> {
  private readonly v: Variant<unknown>;
  private readonly pub: Line[] = [];
  private readonly priv: Record<string, Line[]>;
  private readonly mod: Line[] = [];
  private readonly rejections: RejectionLine[] = [];
  private readonly events: EventLine[] = [];
  private readonly ended: boolean;

  constructor(
    private readonly variant: Variant<V>,
    private readonly s: GameState<V>,
    private readonly locale: Locale = s.config.locale,
  ) {
    this.v = variant;
    this.priv = Object.fromEntries(s.order.map((id) => [this.name(id), []]));
    this.ended = s.status === 'ended';
  }

  private at(ms: number): string {
    return isoLocal(ms, this.s.config.timeZone);
  }

  private name(id: string): string {
    return this.s.players[id]?.name ?? id;
  }

  private toPrivate(ids: readonly string[], line: Line): void {
    for (const id of ids) (this.priv[this.name(id)] ??= []).push(line);
  }

  /** Adds the log's next event. */
  add(stored: GameEvent): void {
    const { v, locale, pub, mod } = this;
    const e = typed(stored);
    const a = e.audience;
    const at = this.at(e.at);
    if (e.type === 'message') {
      const parts = e.data.parts;
      const ch = e.data.channel;
      const from = signatureOf(v, locale, a);
      const line: Line = {
        at,
        kind: parts[0]?.key ?? 'message',
        text: renderParts(v, locale, parts),
        ...(ch !== undefined ? { channel: ch } : {}),
        ...(from !== undefined ? { from } : {}),
      };
      if (a.kind === 'public') pub.push(line);
      else if (a.kind === 'players' || a.kind === 'team') this.toPrivate(a.ids, a.kind === 'team' ? { ...line, kind: `${a.team}:${line.kind}` } : line);
      else if (a.kind === 'moderator') mod.push(line);
    } else if (e.type === 'post.published') {
      const ch = e.data.channel;
      const line: Line = { at, kind: 'post', text: `${e.data.name}: ${e.data.text}`, ...(ch !== undefined ? { channel: ch } : {}) };
      // A post in a private channel (a family's inbox) belongs to its readers, never to the public thread.
      if (a.kind === 'public') pub.push(line);
      else if (a.kind === 'players' || a.kind === 'team') this.toPrivate(a.ids, { ...line, kind: `${a.kind === 'team' ? a.team : 'players'}:post` });
    } else if (e.type === 'post.edited') {
      pub.push({ at, kind: 'post.edited', text: `${this.name(e.data.author)} (${e.data.postId}): ${e.data.text}` });
    } else if (e.type === 'command.rejected') {
      const d = e.data;
      const m: Message = { key: d.code, params: d.params };
      const text = renderMessage(v, locale, m);
      this.rejections.push({ at, by: d.by, code: d.code, text, en: renderMessage(v, 'en', m) });
      if (a.kind === 'players') this.toPrivate(a.ids, { at, kind: `rejected:${d.code}`, text });
    } else if (e.type === 'pm.received' || e.type === 'pm.forwarded') {
      if (a.kind === 'players') this.toPrivate(a.ids, { at, kind: 'pm', text: `→ ${e.data.text}` });
    } else if (e.type === 'moderator.flag') {
      mod.push({ at, kind: `flag:${e.data.reason}`, text: renderMessage(v, locale, { key: e.data.reason, params: e.data.params }) });
    }
    this.events.push({
      seq: this.events.length + 1,
      type: e.type,
      at,
      audience: e.audience,
      data: e.audience.kind === 'secret' && !this.ended ? null : e.data,
    });
  }

  /** The export of the events added. */
  finish(): Transcript {
    const { s, variant } = this;
    const players: PlayerLine[] = s.order.map((id) => {
      const p = s.players[id]!;
      const role = variant.roles.find((r) => r.id === p.role);
      return {
        name: p.name,
        role: p.role ?? null,
        team: role?.side ?? null,
        status: p.status,
        removedAt: p.removedAt !== undefined ? this.at(p.removedAt) : null,
        removedHow: p.removedHow ?? null,
      };
    });
    return {
      variant: variant.id,
      locale: this.locale,
      timeZone: s.config.timeZone,
      status: s.status,
      public: this.pub,
      private: this.priv,
      moderator: this.mod,
      rejections: this.rejections,
      players,
      winner: s.outcome ? { side: s.outcome.side, players: s.outcome.players.map((id) => this.name(id)) } : null,
      commitment: s.commitment,
      ...(this.ended ? { seed: s.seed } : {}),
      events: this.events,
    };
  }
}
