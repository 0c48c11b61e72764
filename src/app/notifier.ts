// The notifier (issue 26): plans each game's reminder slots from its deadlines, fires them when due, turns what a
// commit says to someone (a private message, a team chat line, a mention, a quote) into notifications, and drives
// the outbox of push and e-mail deliveries. Like the scheduler it holds no in-memory timer and no truth of its own:
//
// - A plan is derived from the game's state (app/reminder-plan.ts) and written whenever a commit changes it, by every
//   instance that hears the commit; the store keeps only the newest version's plan. A boot re-plans the games whose
//   stored plan differs, so a crash between a commit and its plan loses nothing.
// - Due slots are claimed like deadlines (FOR UPDATE SKIP LOCKED on PostgreSQL). Firing one computes who still has
//   something open (app/open-actions.ts) from the current state and inserts one notification per recipient, keyed by
//   (account, slot): a slot fired twice (a lapsed claim, a crash before it was marked done) inserts nothing new. So a
//   reminder is in the app exactly once, and its deliveries are queued with it in the same transaction.
// - The feed follows commits (its own and, on a shared store, the others'), each notification keyed by (account,
//   event); a per-game cursor, written a few times a minute, is where a boot resumes.

import { postRefs } from '../core/post-refs.ts';
import type { GameEvent, Millis, PlayerId, Viewer } from '../core/types.ts';
import { channelOfEvent, MAIN_CHANNEL } from '../engine/channels.ts';
import { typed } from '../engine/events.ts';
import type { GameState, Locale } from '../engine/state.ts';
import { localDate } from '../engine/time.ts';
import { canSee } from '../engine/view.ts';
import { renderFor } from '../i18n/render.ts';
import type { ContactRecord, NewNotification, NotificationKind, ReminderRow } from '../store/notify.ts';
import type { Store, StoredEvent } from '../store/types.ts';
import { nameKey } from './accounts.ts';
import type { Clock } from './clock.ts';
import { channelFor, type DeliveryChannel, MAX_ATTEMPTS, retryDelay } from './delivery.ts';
import type { GameService, LoadedGame, Log } from './game-service.ts';
import { isNoticeLocale } from './notice-texts.ts';
import { type Digest, excerpt, type NoticeData, noticeId } from './notices.ts';
import { actedIn, openActions, phaseStart } from './open-actions.ts';
import { leadsOf, planSignature, planSlots } from './reminder-plan.ts';

/** Options of the notifier. */
export interface NotifierOptions {
  readonly store: Store;
  readonly service: GameService;
  readonly clock: Clock;
  readonly log?: Log;
  /** Where notifications go besides the list (push, mail). */
  readonly channels?: readonly DeliveryChannel[];
  /** Real milliseconds between polls. */
  readonly pollMs?: number;
  /** How long a slot's claim holds (game ms, like the scheduler's). */
  readonly leaseMs?: number;
  /** How long a delivery's claim holds (real ms): longer than a send may take. */
  readonly deliveryLeaseMs?: number;
  /** Real time (deliveries and their retries run on it, never on a scaled game clock). */
  readonly realNow?: () => Millis;
}

/** What the notifier did since it started (logs and tests). */
export interface NotifierStats {
  /** Slots fired (sent or found with nobody to tell). */
  slots: number;
  /** Notifications added to lists. */
  notices: number;
  /** Deliveries sent, dropped (target gone), failed (to be retried). */
  sent: number;
  dropped: number;
  failed: number;
}

const silent: Log = { info() {}, warn() {}, error() {} };

/** Players with no post and no PM for this long are named in the digest as candidates for a substitute. */
const QUIET_MS = 48 * 3_600_000;

/** Real milliseconds between writes of the feed cursors. */
const CURSOR_FLUSH_MS = 2000;

/** Plans reminders, fires them, feeds the lists and drives the outbox. */
export class Notifier {
  /** What it did since it started. */
  readonly stats: NotifierStats = { slots: 0, notices: 0, sent: 0, dropped: 0, failed: 0 };
  private readonly planned = new Map<string, string>();
  /**
   * What each game's stored plan was derived from. A plan reads only the deadlines, the status, the pause and the
   * leads (reminder-plan.ts); the engine hands on the same deadlines list while no event changes it, so a commit that
   * leaves all four as they were (a vote, a post, a PM) keeps the plan without deriving it again.
   */
  private readonly planFrom = new Map<string, PlanInputs>();
  /** Each game's first event of the open phase (a global sequence number), as its commits show it. */
  private readonly phases = new Map<string, number>();
  private readonly dirty = new Map<string, number>();
  private lastFlush = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly log: Log;
  private readonly channels: readonly DeliveryChannel[];
  private readonly realNow: () => Millis;
  /** Feeds in flight (a stop waits for them, so their cursors are written). */
  private readonly feeding = new Set<Promise<void>>();

  constructor(private readonly o: NotifierOptions) {
    this.log = o.log ?? silent;
    this.channels = o.channels ?? [];
    this.realNow = o.realNow ?? Date.now;
  }

  /** Listens to the games' commits (plans and feed). Returns the function that stops listening. */
  attach(): () => void {
    return this.o.service.onCommit((g, events) => this.onCommit(g, events));
  }

  /**
   * Re-plans every loaded game whose stored plan differs and resumes the feed where each game's cursor stands, a few
   * games at a time (on PostgreSQL each write is a round trip; a normal boot writes only what a crash left behind).
   */
  async boot(): Promise<void> {
    const n = this.o.store.notify;
    const [plans, cursors] = await Promise.all([n.plans(), n.cursors()]);
    const now = this.o.clock.now();
    const games = this.o.service.list();
    let next = 0;
    const worker = async () => {
      while (next < games.length) {
        const g = games[next++]!;
        const from = planInputsOf(g);
        const slots = planSlots(g.id, g.state, leadsOf(g.meta.reminderMinutes));
        const sig = planSignature(slots);
        if (plans.get(g.id)?.sig !== sig) await n.planReminders({ gameId: g.id, version: g.version, sig }, slots, now);
        this.planned.set(g.id, sig);
        this.planFrom.set(g.id, from);
        const at = cursors.get(g.id);
        // A game older than the notifications has no cursor: its past is not news.
        if (at === undefined) await n.advanceCursor(g.id, g.version);
        else if (at < g.version) await this.feed(g, await this.o.store.read(g.id, at + 1));
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, games.length) }, worker));
  }

  /** Starts polling (at once, so overdue slots fire on boot). */
  start(): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      await this.pollOnce();
      if (!this.stopped) this.timer = setTimeout(loop, this.o.pollMs ?? 250);
    };
    void loop();
  }

  /** Stops polling, waits for a poll and the feeds in progress, and writes the feed cursors. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await Promise.allSettled([...this.feeding]);
    await this.flushCursors(true);
  }

  /** Fires due slots and sends due deliveries once. */
  pollOnce(): Promise<void> {
    this.running ??= this.poll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Waits until the feeds of the commits heard so far are stored (tests). */
  async idle(): Promise<void> {
    while (this.feeding.size > 0) await Promise.allSettled([...this.feeding]);
  }

  private async poll(): Promise<void> {
    const n = this.o.store.notify;
    try {
      for (const slot of await n.claimReminders(this.o.clock.now(), this.o.leaseMs ?? 5000, 20)) {
        try {
          await this.fire(slot);
        } catch (e) {
          // The claim lapses and the slot is tried again.
          this.log.warn({ err: (e as Error).message, slot: slot.id }, 'reminder postponed');
        }
      }
      const due = await n.claimDeliveries(this.realNow(), this.o.deliveryLeaseMs ?? 60_000, 20);
      await Promise.all(due.map((d) => this.deliver(d)));
      await this.flushCursors(false);
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'notifier poll skipped');
    }
  }

  private onCommit(g: LoadedGame, events: readonly StoredEvent[]): void {
    for (const e of events) if (e.event.type === 'deadline.fired' || e.event.type === 'game.started') this.phases.set(g.id, e.seq + 1);
    if (!samePlanInputs(this.planFrom.get(g.id), g)) void this.plan(g);
    // A new game's feed starts at its beginning (a game with no cursor at boot predates the notifications).
    if (events[0]?.seq === 1) void this.o.store.notify.advanceCursor(g.id, 0).catch(() => undefined);
    // Most commits (a vote, a public post naming nobody) tell nobody anything: the cursor moves, nothing is awaited.
    if (!events.some((e) => mayNotify(e.event))) {
      this.dirty.set(g.id, Math.max(this.dirty.get(g.id) ?? 0, events.at(-1)!.seq));
      return;
    }
    const p = this.feed(g, events)
      .catch((e: unknown) => this.log.warn({ err: (e as Error).message, gameId: g.id }, 'notifications of a commit not stored; the next boot retries'))
      .finally(() => this.feeding.delete(p));
    this.feeding.add(p);
  }

  /** Writes the game's plan if it changed (any instance may; the store keeps the newest version's). */
  private async plan(g: LoadedGame): Promise<void> {
    const version = g.version;
    const from = planInputsOf(g);
    this.planFrom.set(g.id, from);
    const slots = planSlots(g.id, g.state, leadsOf(g.meta.reminderMinutes));
    const sig = planSignature(slots);
    if (this.planned.get(g.id) === sig) return;
    this.planned.set(g.id, sig);
    try {
      await this.o.store.notify.planReminders({ gameId: g.id, version, sig }, slots, this.o.clock.now());
    } catch (e) {
      // The next commit (or the next boot) plans it again.
      if (this.planned.get(g.id) === sig) this.planned.delete(g.id);
      if (this.planFrom.get(g.id) === from) this.planFrom.delete(g.id);
      this.log.warn({ err: (e as Error).message, gameId: g.id }, 'reminder plan not stored');
    }
  }

  /** Fires one claimed slot: one notification per recipient, then the slot is done. */
  private async fire(slot: ReminderRow): Promise<void> {
    const n = this.o.store.notify;
    const now = this.o.clock.now();
    await this.o.service.refresh(slot.gameId);
    const g = this.o.service.find(slot.gameId);
    const s = g?.state;
    if (!g || !s || s.status === 'ended' || s.status === 'cancelled') return n.finishReminder(slot.id, slot.dueAt, now);
    const deadline = s.deadlines.find((d) => d.id === slot.deadlineId);
    if (s.pausedSince !== undefined || !deadline || deadline.at !== slot.deadlineAt) {
      // The plan is behind the game (a pause, a moved or fired deadline): re-plan; the slot moves or goes.
      this.planned.delete(g.id);
      this.planFrom.delete(g.id);
      return this.plan(g);
    }
    // Too late for this deadline, or a shorter lead is due too (after downtime): the shorter one speaks for both.
    const shorter = leadsOf(g.meta.reminderMinutes).some((l) => l < slot.leadMs && now >= deadline.at - l);
    if (now >= deadline.at || (slot.kind === 'reminder' && shorter)) {
      this.stats.slots++;
      return n.finishReminder(slot.id, slot.dueAt, now);
    }
    const list = slot.kind === 'digest' ? await this.digestNotices(g, slot, now) : await this.reminderNotices(g, slot, now);
    this.stats.notices += (await n.addNotifications(list)).length;
    this.stats.slots++;
    await n.finishReminder(slot.id, slot.dueAt, now);
  }

  /** The events of the game's open phase (from the last fired deadline or the start). */
  private async phaseEvents(g: LoadedGame): Promise<StoredEvent[]> {
    const from = this.phases.get(g.id);
    if (from !== undefined) return this.o.store.read(g.id, from);
    const all = await this.o.store.read(g.id);
    const i = phaseStart(all.map((e) => e.event));
    this.phases.set(g.id, i + 1);
    return all.slice(i);
  }

  /** Each player's open actions before `deadlineAt` (the digest and the reminders ask alike). */
  private async openBy(g: LoadedGame, deadlineAt: Millis): Promise<Map<PlayerId, ReturnType<typeof openActions>>> {
    const acted = actedIn(
      g.variant,
      g.state,
      (await this.phaseEvents(g)).map((e) => e.event),
    );
    const out = new Map<PlayerId, ReturnType<typeof openActions>>();
    for (const id of g.state.order) {
      const open = openActions(g.variant, g.state, id, deadlineAt, acted.get(id));
      if (open.length > 0) out.set(id, open);
    }
    return out;
  }

  private async reminderNotices(g: LoadedGame, slot: ReminderRow, now: Millis): Promise<NewNotification[]> {
    const s = g.state;
    const deadline = s.deadlines.find((d) => d.id === slot.deadlineId)!;
    const out: NewNotification[] = [];
    for (const [player, open] of await this.openBy(g, deadline.at)) {
      const who = await this.recipient(s.players[player]!.name);
      if (!who || muted(who.contact, g.id)) continue;
      const actions = open.filter((a) => !muted(who.contact, g.id, a.via === 'pm' ? 'inbox' : (a.channel ?? MAIN_CHANNEL)));
      if (actions.length === 0) continue;
      const data: NoticeData = {
        kind: 'reminder',
        game: g.id,
        title: g.meta.title,
        zone: s.config.timeZone,
        deadline: { at: deadline.at },
        lead: Math.round(slot.leadMs / 60_000),
        actions: actions.map((a) => ({ command: a.command, template: a.template, via: a.via, ...(a.channel !== undefined ? { channel: a.channel } : {}) })),
      };
      out.push(await this.notice(who, `r:${slot.id}:${player}`, g.id, 'reminder', now, data));
    }
    return out;
  }

  private async digestNotices(g: LoadedGame, slot: ReminderRow, now: Millis): Promise<NewNotification[]> {
    const date = localDate(slot.deadlineAt, g.state.config.timeZone);
    const out: NewNotification[] = [];
    for (const name of g.meta.moderators) {
      const who = await this.recipient(name);
      if (!who || muted(who.contact, g.id)) continue;
      const data: NoticeData = { kind: 'digest', game: g.id, title: g.meta.title, zone: g.state.config.timeZone, ...(await this.digest(g, name, date)) };
      out.push(await this.notice(who, `d:${slot.id}`, g.id, 'digest', now, data));
    }
    return out;
  }

  /**
   * The moderator's digest of a game day (`date`, the game's local date; default: the day of the next deadline):
   * who has something open before each of its deadlines, the counters near their limit, the silent players. Staff
   * who hold only some duties (mafia-cities) see the votes alone, since a private order names its sender's role.
   */
  async digest(g: LoadedGame, moderator: string, date?: string): Promise<Digest> {
    const s = g.state;
    const zone = s.config.timeZone;
    const day = date ?? (s.deadlines[0] ? localDate(s.deadlines[0].at, zone) : undefined);
    const restricted = g.variant.staffDuties?.(s, moderator) !== undefined;
    const name = (id: PlayerId) => s.players[id]?.name ?? id;
    const deadlines = [];
    for (const d of s.deadlines.filter((x) => day !== undefined && localDate(x.at, zone) === day)) {
      const open = await this.openBy(g, d.at);
      const pending = [...open]
        .map(([id, acts]) => ({ name: name(id), commands: acts.filter((a) => !restricted || a.via === 'post').map((a) => a.command) }))
        .filter((p) => p.commands.length > 0);
      deadlines.push({ id: d.id, kind: d.kind, at: d.at, pending });
    }
    const counters = (g.variant.standing?.(s) ?? [])
      .filter((c) => c.value >= c.limit - 1)
      .map((c) => ({ name: name(c.player), counter: c.counter, value: c.value, limit: c.limit }));
    return { deadlines, counters, quiet: await this.quiet(g) };
  }

  /** Players in the game who neither posted nor sent a PM in the last two game days of a running game. */
  private async quiet(g: LoadedGame): Promise<string[]> {
    const s = g.state;
    const since = this.o.clock.now() - QUIET_MS;
    if (s.status !== 'running') return [];
    const all = await this.o.store.read(g.id);
    const started = all.find((e) => e.event.type === 'game.started')?.event.at;
    if (started === undefined || started > since) return [];
    const seen = new Set<PlayerId>();
    for (const { event: e } of all) {
      if (e.at < since) continue;
      const ev = typed(e);
      if (ev.type === 'post.published') seen.add(ev.data.author);
      else if (ev.type === 'pm.received') seen.add(ev.data.from);
      else if (ev.type === 'team.chat') seen.add(ev.data.from);
    }
    return s.order.filter((id) => s.players[id]?.status === 'alive' && !seen.has(id)).map((id) => s.players[id]!.name);
  }

  /** Sends the digest to one moderator now (on request). */
  async sendDigest(g: LoadedGame, moderator: string): Promise<Digest> {
    const now = this.o.clock.now();
    const digest = await this.digest(g, moderator);
    const who = await this.recipient(moderator);
    if (who) {
      const data: NoticeData = { kind: 'digest', game: g.id, title: g.meta.title, zone: g.state.config.timeZone, ...digest };
      this.stats.notices += (await this.o.store.notify.addNotifications([await this.notice(who, `d:${g.id}:${now}`, g.id, 'digest', now, data)])).length;
    }
    return digest;
  }

  /** The account behind a game name, with its contact details. */
  private async recipient(name: string): Promise<{ accountId: string; contact: ContactRecord | undefined } | undefined> {
    const a = await this.o.store.accountByName(nameKey(name));
    return a ? { accountId: a.id, contact: await this.o.store.notify.contact(a.id) } : undefined;
  }

  /** A new notification with the deliveries its account wants now. */
  private async notice(
    who: { accountId: string; contact: ContactRecord | undefined },
    source: string,
    gameId: string,
    kind: NotificationKind,
    at: Millis,
    data: NoticeData,
  ): Promise<NewNotification> {
    const targets = (await Promise.all(this.channels.map((c) => c.targetsFor(who.accountId, who.contact, kind)))).flat();
    return {
      notification: { id: noticeId(who.accountId, source), accountId: who.accountId, source, gameId, kind, createdAt: at, data },
      targets,
      dueAt: this.realNow(),
    };
  }

  /** Turns what a commit says to someone into notifications. */
  private async feed(g: LoadedGame, events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const s = g.state;
    const list: NewNotification[] = [];
    // `data` may depend on the reader's language (a game message is rendered in his, where the rulebook has it).
    const add = async (name: string, kind: NotificationKind, seq: number, at: Millis, data: NoticeData | ((reader: Locale) => NoticeData), channel: string) => {
      const who = await this.recipient(name);
      if (!who || muted(who.contact, g.id) || muted(who.contact, g.id, channel)) return;
      const reader = isNoticeLocale(who.contact?.locale) ? who.contact.locale : s.config.locale;
      list.push(await this.notice(who, `e:${g.id}:${seq}`, g.id, kind, at, typeof data === 'function' ? data(reader) : data));
    };
    // A message in the same commit as a player's own post or PM answers it: he is looking already.
    const acting = new Set<PlayerId>();
    for (const { event: e } of events) {
      const ev = typed(e);
      if (ev.type === 'pm.received') acting.add(ev.data.from);
      else if (ev.type === 'post.published') acting.add(ev.data.author);
      else if (ev.type === 'command.rejected' && ev.data.player !== undefined) acting.add(ev.data.player);
      else if (ev.type === 'player.signed_up') acting.add(ev.data.id);
    }
    const title = g.meta.title;
    for (const { seq, event: e } of events) {
      const ev = typed(e);
      const a = e.audience;
      if (ev.type === 'message' && ev.data.channel === undefined && (a.kind === 'players' || a.kind === 'team')) {
        // The reader's language where the rulebook has every template of the message, else the game's (issue 25).
        const parts = ev.data.parts;
        const text = (reader: Locale) => excerpt(renderFor(g.variant, s.config.locale, reader, parts).text);
        for (const id of a.ids) {
          const name = s.players[id]?.name;
          if (!name || (a.kind === 'players' && acting.has(id))) continue;
          if (a.kind === 'players') await add(name, 'pm', seq, e.at, (r) => ({ kind: 'pm', game: g.id, title, excerpt: text(r) }), 'inbox');
          else await add(name, 'chat', seq, e.at, (r) => ({ kind: 'chat', game: g.id, title, team: a.team, from: '', excerpt: text(r) }), `team:${a.team}`);
        }
      } else if (ev.type === 'team.chat' && a.kind === 'team') {
        for (const id of a.ids) {
          const name = s.players[id]?.name;
          if (!name || id === ev.data.from) continue;
          const data: NoticeData = { kind: 'chat', game: g.id, title, team: ev.data.team, from: ev.data.name, excerpt: excerpt(ev.data.text) };
          await add(name, 'chat', seq, e.at, data, `team:${ev.data.team}`);
        }
      } else if (ev.type === 'post.published') {
        const channel = channelOfEvent(ev.data);
        const names = [...s.order.map((id) => s.players[id]!.name), ...g.meta.moderators];
        const { mentioned, quoted } = postRefs(ev.data.text, names);
        const told = new Set<string>();
        const tell = async (raw: string, kind: 'mention' | 'quote') => {
          const target = participant(g, raw);
          if (!target || told.has(target.key) || target.id === ev.data.author) return;
          // Only someone who reads the channel: a private channel's post is news to its readers alone (staff who hold
          // only some duties read only theirs).
          const viewer: Viewer = target.id !== undefined ? { kind: 'player', id: target.id } : moderatorViewer(g.variant.staffDuties?.(s, target.name));
          if (!canSee(viewer, a)) return;
          told.add(target.key);
          const data: NoticeData = { kind, game: g.id, title, from: ev.data.name, channel, postId: ev.data.postId, excerpt: excerpt(ev.data.text) };
          await add(target.name, kind, seq, e.at, data, channel);
        };
        for (const m of mentioned) await tell(m, 'mention');
        for (const q of quoted) await tell(q.author, 'quote');
      }
    }
    if (list.length > 0) this.stats.notices += (await this.o.store.notify.addNotifications(list)).length;
    this.dirty.set(g.id, Math.max(this.dirty.get(g.id) ?? 0, events.at(-1)!.seq));
  }

  private async flushCursors(force: boolean): Promise<void> {
    const now = this.realNow();
    if (!force && now - this.lastFlush < CURSOR_FLUSH_MS) return;
    this.lastFlush = now;
    const batch = [...this.dirty];
    this.dirty.clear();
    for (const [id, seq] of batch) {
      try {
        await this.o.store.notify.advanceCursor(id, seq);
      } catch {
        this.dirty.set(id, Math.max(this.dirty.get(id) ?? 0, seq));
      }
    }
  }

  /** Sends one claimed delivery through its channel. */
  private async deliver(d: { notificationId: string; target: string; attempts: number }): Promise<void> {
    const n = this.o.store.notify;
    const notice = await n.notification(d.notificationId);
    const channel = channelFor(this.channels, d.target);
    if (!notice || !channel) {
      await n.finishDelivery(d.notificationId, d.target, { done: this.realNow() });
      return;
    }
    try {
      const outcome = await channel.deliver(notice, d.target, await n.contact(notice.accountId));
      if (outcome === 'sent') this.stats.sent++;
      else this.stats.dropped++;
      await n.finishDelivery(d.notificationId, d.target, { done: this.realNow() });
    } catch (e) {
      this.stats.failed++;
      const giveUp = d.attempts + 1 >= MAX_ATTEMPTS;
      this.log.warn({ err: (e as Error).message, target: d.target.slice(0, 12), attempts: d.attempts + 1, giveUp }, 'delivery failed');
      await n.finishDelivery(d.notificationId, d.target, giveUp ? { done: this.realNow() } : { retryAt: this.realNow() + retryDelay(d.attempts) });
    }
  }
}

/** What a game's reminder plan is derived from (reminder-plan.ts `planSlots`), by identity. */
interface PlanInputs {
  readonly deadlines: GameState<unknown>['deadlines'];
  readonly status: GameState<unknown>['status'];
  readonly pausedSince: Millis | undefined;
  readonly minutes: readonly number[] | undefined;
}

/** The inputs of a game's plan as it stands. */
function planInputsOf(g: LoadedGame): PlanInputs {
  const s = g.state;
  return { deadlines: s.deadlines, status: s.status, pausedSince: s.pausedSince, minutes: g.meta.reminderMinutes };
}

/**
 * Whether the game's plan inputs are those a plan was derived from. The deadlines and the leads compare by identity:
 * an event that sets, moves, fires or shifts a deadline (schedule.set, a pause's resume, deadline.fired) writes a new
 * list, `reminders.set` new leads; a list rebuilt with equal contents only costs a recomputation that finds the same
 * signature.
 */
function samePlanInputs(p: PlanInputs | undefined, g: LoadedGame): boolean {
  const s = g.state;
  return p !== undefined && p.deadlines === s.deadlines && p.status === s.status && p.pausedSince === s.pausedSince && p.minutes === g.meta.reminderMinutes;
}

/**
 * Whether an event may tell someone something (what `feed` reads): a private or team message, a team chat line, or a
 * post that may mention or quote someone. A post can refer to a name only through `@`, a BBCode `[quote` or a
 * Markdown `>` line (core/post-refs.ts), so a vote line ("Vote: Anna") is no news to anyone.
 */
function mayNotify(e: GameEvent): boolean {
  const ev = typed(e);
  if (ev.type === 'message') return ev.data.channel === undefined && (e.audience.kind === 'players' || e.audience.kind === 'team');
  if (ev.type === 'team.chat') return true;
  if (ev.type === 'post.published') return mayRefer(ev.data.text);
  return false;
}

/** False only when `postRefs` (core/post-refs.ts) finds neither a mention nor a quote in the text. */
export function mayRefer(text: string): boolean {
  return text.includes('@') || MAY_QUOTE.test(text);
}

/** A BBCode quote tag or a Markdown quote line (a line opening with up to three spaces and `>`). */
const MAY_QUOTE = /\[quote|^ {0,3}>/im;

/** The viewer of a moderator who holds these duties (all of them when none are named). */
const moderatorViewer = (duties: readonly string[] | undefined): Viewer => (duties === undefined ? { kind: 'moderator' } : { kind: 'moderator', duties });

/** Whether an account muted a game (no channel given) or one of its channels. */
export function muted(contact: ContactRecord | undefined, gameId: string, channel?: string): boolean {
  const m = contact?.prefs.muted ?? [];
  return m.includes(gameId) || (channel !== undefined && m.includes(`${gameId}/${channel}`));
}

/** The game participant a written name means (a player's seat or a moderator), matched as account names are. */
function participant(g: LoadedGame, written: string): { key: string; name: string; id?: PlayerId } | undefined {
  const key = nameKey(written);
  const s: GameState<unknown> = g.state;
  for (const id of s.order) if (nameKey(s.players[id]!.name) === key) return { key, name: s.players[id]!.name, id };
  const m = g.meta.moderators.find((x) => nameKey(x) === key);
  return m ? { key, name: m } : undefined;
}
