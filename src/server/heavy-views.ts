// The whole-log reads heavy-reads.ts serves, each computed in slices of the event loop from the log up to one version:
// the game export (the same JSON `narrator play --json` prints), its fairness check, a day of a thread as forum text,
// and the audit log. The log is read in pages, every event is handled inside a slice, and the JSON is written a piece
// at a time, so a 6,000-event game never holds the event loop for more than a slice.
import { AppError } from '../app/errors.ts';
import type { GameService, LoadedGame } from '../app/game-service.ts';
import { TranscriptBuilder } from '../app/transcript.ts';
import { verifyTranscript } from '../app/verify.ts';
import { auditItems, channelReader, type ViewContext } from '../app/views.ts';
import type { Viewer } from '../core/types.ts';
import type { ChannelDef } from '../engine/channels.ts';
import { MAIN_CHANNEL } from '../engine/channels.ts';
import { typed } from '../engine/events.ts';
import type { GameState } from '../engine/state.ts';
import { renderMessage } from '../i18n/render.ts';
import type { StoredEvent } from '../store/types.ts';
import * as exportsFmt from './exports.ts';
import type { HeavyAnswer } from './heavy-reads.ts';
import type { TimeSlices } from './slices.ts';

/** Events read from the store at once (a page of a 6,000-event log parses in well under a millisecond). */
const PAGE = 256;

/** A game as one read sees it: the version it reads up to and the state at that version. */
export interface Pinned {
  readonly g: LoadedGame;
  readonly version: number;
  readonly state: GameState<unknown>;
}

/** Pins a game at its current version (its state and version change together, between two turns). */
export function pin(g: LoadedGame): Pinned {
  return { g, version: g.version, state: g.state };
}

/** The context a view of the pinned game is rendered in. */
function ctxAt(p: Pinned, locale = p.state.config.locale): ViewContext {
  return { variant: p.g.variant, state: p.state, locale };
}

/** The events `from`…`to` of a game, a page at a time. */
async function* pages(service: GameService, id: string, from: number, to: number): AsyncGenerator<StoredEvent[]> {
  for (let at = from; at <= to; at += PAGE) {
    const page = await service.read(id, at, Math.min(PAGE, to - at + 1));
    if (page.length === 0) return;
    yield page;
  }
}

const json = (body: string): HeavyAnswer => ({ status: 200, type: 'application/json; charset=utf-8', body: Buffer.from(body) });
const text = (body: string): HeavyAnswer => ({ status: 200, type: 'text/plain; charset=utf-8', body: Buffer.from(body) });

/**
 * JSON.stringify's text of `value`, written in slices: objects down to `depth` levels key by key, every array element
 * on its own (the export's events, lines and players), so no single piece is large.
 */
export async function jsonInSlices(value: unknown, work: TimeSlices, depth = 3): Promise<string> {
  const parts: string[] = [];
  const write = async (v: unknown, d: number): Promise<void> => {
    if (Array.isArray(v)) {
      parts.push('[');
      let first = true;
      await work.each(v, (x) => {
        parts.push(first ? '' : ',', JSON.stringify(x) ?? 'null');
        first = false;
      });
      parts.push(']');
    } else if (d > 0 && v !== null && typeof v === 'object') {
      parts.push('{');
      let first = true;
      for (const [k, x] of Object.entries(v)) {
        if (x === undefined || typeof x === 'function') continue;
        parts.push(first ? '' : ',', JSON.stringify(k), ':');
        first = false;
        await write(x, d - 1);
      }
      parts.push('}');
    } else parts.push(await work.run(() => JSON.stringify(v) ?? 'null'));
  };
  await write(value, depth);
  return parts.join('');
}

/** The game export of the pinned game, built event by event. */
async function transcriptOf(service: GameService, p: Pinned, work: TimeSlices) {
  const b = new TranscriptBuilder(p.g.variant, p.state);
  for await (const page of pages(service, p.g.id, 1, p.version)) await work.each(page, (e) => b.add(e.event));
  return work.run(() => b.finish());
}

/** GET /export: the game export as JSON. */
export async function exportAnswer(service: GameService, p: Pinned, work: TimeSlices): Promise<HeavyAnswer> {
  return json(await jsonInSlices(await transcriptOf(service, p, work), work));
}

/** GET /verify: the seed and the verdict of `narrator verify` on the game's export. */
export async function verifyAnswer(service: GameService, p: Pinned, work: TimeSlices): Promise<HeavyAnswer> {
  const t = await transcriptOf(service, p, work);
  const verdict = await work.run(() => verifyTranscript(t));
  return json(JSON.stringify({ seed: t.seed ?? null, commitment: t.commitment, verdict }));
}

/** GET /audit: the audit log as the moderator viewer may see it. */
export async function auditAnswer(service: GameService, p: Pinned, viewer: Viewer, work: TimeSlices): Promise<HeavyAnswer> {
  const items: ReturnType<typeof auditItems> = [];
  for await (const page of pages(service, p.g.id, 1, p.version)) items.push(...(await work.run(() => auditItems(ctxAt(p), viewer, page))));
  return json(await jsonInSlices({ items, version: p.version }, work));
}

/** An event that opens a day (the rulebook's `dayOf`). */
interface DayMark {
  readonly seq: number;
  readonly day: number;
}

/**
 * Where each game's days open: the events the rulebook's `dayOf` names, found once and extended as the log grows,
 * so a day's export reads that day's events only, and a day that has not opened is refused without reading any.
 */
export class DayIndex {
  private readonly games = new Map<string, { scanned: number; marks: DayMark[]; extending: Promise<void> }>();

  /** The day marks of the game's first `version` events. */
  async upTo(service: GameService, g: LoadedGame, version: number, work: TimeSlices): Promise<readonly DayMark[]> {
    let e = this.games.get(g.id);
    if (!e) this.games.set(g.id, (e = { scanned: 0, marks: [], extending: Promise.resolve() }));
    const entry = e;
    // One extension at a time per game; each continues where the last one stopped (a failed one, a store fault, is
    // only this request's: the next one starts again from what was scanned).
    const extending = entry.extending
      .catch(() => undefined)
      .then(async () => {
        const dayOf = g.variant.dayOf;
        for await (const page of pages(service, g.id, entry.scanned + 1, version)) {
          await work.each(page, (s) => {
            const day = dayOf?.(typed(s.event));
            if (day !== undefined) entry.marks.push({ seq: s.seq, day });
          });
          entry.scanned = page.at(-1)!.seq;
        }
      });
    entry.extending = extending;
    await extending;
    return entry.marks.filter((m) => m.seq <= version);
  }
}

/** What a day's export asks for. */
export interface DayRequest {
  readonly round: number;
  readonly channel: ChannelDef;
  readonly format: exportsFmt.Format;
  readonly locale?: ViewContext['locale'] | undefined;
  readonly viewer: Viewer;
}

/**
 * GET /export/day/:round: a day of a thread, from the event that opens it (the rulebook's `dayOf`; day 0 from the
 * start, with the signup) to the event that opens the next.
 */
export async function dayAnswer(service: GameService, days: DayIndex, p: Pinned, r: DayRequest, work: TimeSlices): Promise<HeavyAnswer> {
  const marks = await days.upTo(service, p.g, p.version, work);
  const start = r.round === 0 ? 1 : marks.find((m) => m.day === r.round)?.seq;
  if (start === undefined) throw new AppError('export.no_round', 404, `day ${r.round} has not opened`);
  const end = (marks.find((m) => m.seq > start && m.day !== r.round)?.seq ?? p.version + 1) - 1;
  const ctx = ctxAt(p, r.locale);
  const read = channelReader(ctx, r.viewer, r.channel.id);
  // A channel's title is a message of the rulebook, in the reader's language (a city's name).
  const channel = r.channel.id === MAIN_CHANNEL ? '' : ` (${renderMessage(ctx.variant, ctx.locale, r.channel.title)})`;
  const title = renderMessage(ctx.variant, ctx.locale, { key: 'EXPORT-DAY-TITLE', params: { title: p.g.meta.title, channel, round: r.round } });
  const moderator = renderMessage(ctx.variant, ctx.locale, { key: 'EXPORT-MODERATOR' });
  const lines = exportsFmt.dayHeading(r.format, title);
  for await (const page of pages(service, p.g.id, start, end))
    await work.each(page, (e) => {
      const it = read(e);
      if (it) lines.push(...exportsFmt.dayLines(r.format, it, moderator));
    });
  return text(await work.run(() => exportsFmt.dayText(lines)));
}
