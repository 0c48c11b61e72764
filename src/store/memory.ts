// The in-memory store for tests and the engine's own tools. Values are copied through JSON on the way in and out,
// so a test catches anything the SQL stores could not persist (and nobody can mutate stored events by reference).
import type { GameEvent, Millis } from '../core/types.ts';
import { MemoryNotifyStore } from './notify-memory.ts';
import type {
  AccountRecord,
  ReadMarker,
  SessionRecord,
  Snapshot,
  Store,
  StoredEvent,
  Timer,
  TimerUpdate,
  WarningRecord,
  WarningRevocation,
  WarningWrite,
} from './types.ts';
import { DuplicateError, StaleVersionError } from './types.ts';

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A Store kept in process memory. */
export class MemoryStore implements Store {
  /** Identifies the implementation. */
  readonly kind = 'memory';

  /** See Store.ping: always reachable. */
  async ping(): Promise<void> {}
  private readonly events = new Map<string, GameEvent[]>();
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly timerRows = new Map<string, { dueAt: Millis; claimedUntil: Millis | null }>();
  private readonly accounts = new Map<string, AccountRecord>();
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly metaRows = new Map<string, string>();
  private readonly warningRows = new Map<string, WarningRecord>();
  private readonly markers = new Map<string, ReadMarker>();
  /** See Store.notify (its secrets live in the meta rows, as in SQL). */
  readonly notify = new MemoryNotifyStore(this.metaRows);

  /** See EventStore.append. */
  async append(
    streamId: string,
    expectedVersion: number,
    events: readonly GameEvent[],
    timer?: TimerUpdate,
    warnings: readonly WarningWrite[] = [],
  ): Promise<number> {
    const list = this.events.get(streamId) ?? [];
    if (list.length !== expectedVersion) throw new StaleVersionError(streamId, expectedVersion, list.length);
    list.push(...copy(events));
    this.events.set(streamId, list);
    if (timer) this.setTimer(streamId, timer.dueAt);
    for (const w of copy(warnings)) {
      if ('add' in w) this.putWarning(w.add);
      else this.markRevoked(w.revoke);
    }
    return list.length;
  }

  /** See EventStore.read. */
  async read(streamId: string, fromSeq = 1, limit = Number.MAX_SAFE_INTEGER): Promise<StoredEvent[]> {
    const list = this.events.get(streamId) ?? [];
    const start = Math.max(1, fromSeq);
    return copy(list.slice(start - 1, start - 1 + limit)).map((event, i) => ({ seq: start + i, event }));
  }

  /** See EventStore.version. */
  async version(streamId: string): Promise<number> {
    return this.events.get(streamId)?.length ?? 0;
  }

  /** See EventStore.streams. */
  async streams(): Promise<string[]> {
    return [...this.events.keys()];
  }

  /** See EventStore.versions. */
  async versions(): Promise<Map<string, number>> {
    return new Map([...this.events].map(([id, es]) => [id, es.length]));
  }

  /** See EventStore.saveSnapshot. */
  async saveSnapshot(streamId: string, snapshot: Snapshot): Promise<void> {
    this.snapshots.set(streamId, copy(snapshot));
  }

  /** See EventStore.loadSnapshot. */
  async loadSnapshot(streamId: string): Promise<Snapshot | undefined> {
    const s = this.snapshots.get(streamId);
    return s ? copy(s) : undefined;
  }

  private setTimer(streamId: string, dueAt: Millis | null): void {
    if (dueAt === null) this.timerRows.delete(streamId);
    else if (this.timerRows.get(streamId)?.dueAt !== dueAt) this.timerRows.set(streamId, { dueAt, claimedUntil: null });
  }

  /** See TimerStore.schedule. */
  async schedule(streamId: string, dueAt: Millis | null): Promise<void> {
    this.setTimer(streamId, dueAt);
  }

  /** See TimerStore.claimDue. */
  async claimDue(now: Millis, leaseMs: number, limit: number): Promise<Timer[]> {
    const due = [...this.timerRows.entries()]
      .filter(([, t]) => t.dueAt <= now && (t.claimedUntil === null || t.claimedUntil <= now))
      .sort((a, b) => a[1].dueAt - b[1].dueAt)
      .slice(0, limit);
    for (const [, t] of due) t.claimedUntil = now + leaseMs;
    return due.map(([streamId, t]) => ({ streamId, dueAt: t.dueAt }));
  }

  /** See TimerStore.complete. */
  async complete(streamId: string, dueAt: Millis): Promise<void> {
    if (this.timerRows.get(streamId)?.dueAt === dueAt) this.timerRows.delete(streamId);
  }

  /** See TimerStore.releaseClaims. */
  async releaseClaims(): Promise<void> {
    for (const t of this.timerRows.values()) t.claimedUntil = null;
  }

  /** See TimerStore.timers. */
  async timers(): Promise<Timer[]> {
    return [...this.timerRows.entries()].map(([streamId, t]) => ({ streamId, dueAt: t.dueAt })).sort((a, b) => a.dueAt - b.dueAt);
  }

  /** See AccountStore.createAccount. */
  async createAccount(a: AccountRecord): Promise<void> {
    if ([...this.accounts.values()].some((x) => x.nameKey === a.nameKey || (a.skeleton !== undefined && x.skeleton === a.skeleton)))
      throw new DuplicateError(`account ${a.name} exists`);
    this.accounts.set(a.id, copy(a));
  }

  /** See AccountStore.accountByName. */
  async accountByName(nameKey: string): Promise<AccountRecord | undefined> {
    const a = [...this.accounts.values()].find((x) => x.nameKey === nameKey);
    return a ? copy(a) : undefined;
  }

  /** See AccountStore.accountBySkeleton. */
  async accountBySkeleton(skeleton: string): Promise<AccountRecord | undefined> {
    const a = [...this.accounts.values()].find((x) => x.skeleton === skeleton);
    return a ? copy(a) : undefined;
  }

  /** See MetaStore.meta. */
  async meta(key: string): Promise<string | undefined> {
    return this.metaRows.get(key);
  }

  /** See MetaStore.setMeta. */
  async setMeta(key: string, value: string): Promise<void> {
    this.metaRows.set(key, value);
  }

  /** See AccountStore.account. */
  async account(id: string): Promise<AccountRecord | undefined> {
    const a = this.accounts.get(id);
    return a ? copy(a) : undefined;
  }

  /** See AccountStore.createSession. */
  async createSession(s: SessionRecord): Promise<void> {
    this.sessions.set(s.id, copy(s));
  }

  /** See AccountStore.session. */
  async session(id: string): Promise<SessionRecord | undefined> {
    const s = this.sessions.get(id);
    return s ? copy(s) : undefined;
  }

  /** See AccountStore.deleteSession. */
  async deleteSession(id: string): Promise<void> {
    this.sessions.delete(id);
  }

  /** See AccountStore.everyAccount. */
  async everyAccount(): Promise<AccountRecord[]> {
    return [...this.accounts.values()].sort((a, b) => a.createdAt - b.createdAt).map(copy);
  }

  /** See AccountStore.everySession. */
  async everySession(): Promise<SessionRecord[]> {
    return [...this.sessions.values()].map(copy);
  }

  /** See AccountStore.setPasswordHash. */
  async setPasswordHash(accountId: string, passwordHash: string): Promise<void> {
    const a = this.accounts.get(accountId);
    if (a) this.accounts.set(accountId, { ...a, passwordHash });
  }

  /** See AccountStore.deleteSessionsOf. */
  async deleteSessionsOf(accountId: string): Promise<number> {
    let n = 0;
    for (const [id, s] of this.sessions)
      if (s.accountId === accountId) {
        this.sessions.delete(id);
        n++;
      }
    return n;
  }

  /** See WarningStore.addWarning. */
  async addWarning(w: WarningRecord): Promise<void> {
    this.putWarning(copy(w));
  }

  private putWarning(w: WarningRecord): void {
    const key = `${w.gameId}\u0000${w.seq}`;
    if (!this.warningRows.has(key)) this.warningRows.set(key, w);
  }

  /** See WarningStore.revokeWarning. */
  async revokeWarning(r: WarningRevocation): Promise<void> {
    this.markRevoked(r);
  }

  private markRevoked(r: WarningRevocation): void {
    const rows = [...this.warningRows.entries()].filter(([, w]) => w.gameId === r.gameId);
    if (rows.some(([, w]) => w.revokedSeq === r.seq)) return;
    const latest = rows.filter(([, w]) => w.nameKey === r.nameKey && w.kind === r.kind && w.revokedSeq === undefined).sort(([, a], [, b]) => b.seq - a.seq)[0];
    if (latest) this.warningRows.set(latest[0], { ...latest[1], revokedSeq: r.seq });
  }

  /** See WarningStore.warningsOf. */
  async warningsOf(nameKeys: readonly string[]): Promise<WarningRecord[]> {
    return (await this.everyWarning()).filter((w) => nameKeys.includes(w.nameKey) && w.revokedSeq === undefined);
  }

  /** See WarningStore.everyWarning. */
  async everyWarning(): Promise<WarningRecord[]> {
    return [...this.warningRows.values()].sort((a, b) => a.createdAt - b.createdAt || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.seq - b.seq));
  }

  /** See ReadMarkerStore.markRead. */
  async markRead(m: ReadMarker): Promise<ReadMarker> {
    const key = `${m.accountId}\u0000${m.gameId}\u0000${m.channel}`;
    const had = this.markers.get(key);
    if (!had || m.post > had.post) this.markers.set(key, { ...m });
    return { ...this.markers.get(key)! };
  }

  /** See ReadMarkerStore.readMarkers. */
  async readMarkers(accountId: string, gameId: string): Promise<ReadMarker[]> {
    return (await this.everyReadMarker()).filter((m) => m.accountId === accountId && m.gameId === gameId);
  }

  /** See ReadMarkerStore.everyReadMarker. */
  async everyReadMarker(): Promise<ReadMarker[]> {
    const key = (m: ReadMarker) => [m.accountId, m.gameId, m.channel];
    return [...this.markers.values()].map((m) => ({ ...m })).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }

  /** Nothing to close. */
  async close(): Promise<void> {}
}
