// The SQL tables both SQL stores share (SQLite and PostgreSQL), as Kysely sees them. PostgreSQL's bigint columns
// are read back as numbers by the pg type parser the PostgreSQL store installs.
import type { Kysely } from 'kysely';
import { nameSkeleton } from '../core/names.ts';
import type { AccountRecord, WarningRecord } from './types.ts';

/** Table shapes, for Kysely (a type, not an interface: `withTables` wants its implicit index signature). */
export type Schema = {
  streams: { stream_id: string; version: number; created_at: number };
  events: { stream_id: string; seq: number; type: string; at: number; audience: string; data: string };
  snapshots: { stream_id: string; version: number; state: string };
  timers: { stream_id: string; due_at: number; claimed_until: number | null };
  accounts: { id: string; name: string; name_key: string; name_skeleton: string | null; password_hash: string; created_at: number };
  /** Small facts of the installation, by key (the scaled clock's origin). */
  meta: { key: string; value: string };
  sessions: { id: string; account_id: string; csrf: string; created_at: number; expires_at: number };
  /** Readers' unread markers: the last post read per account, game and channel. */
  read_markers: { account_id: string; game_id: string; channel: string; post: number; updated_at: number };
  /** Players' cross-game warnings (CIT-ACT-7), keyed by the issuing event. */
  warnings: {
    game_id: string;
    seq: number;
    name_key: string;
    name: string;
    kind: string;
    date: string;
    reason: string;
    created_at: number;
    revoked_seq: number | null;
  };
};

/** A warning row as a record. */
export function toWarning(r: Schema['warnings']): WarningRecord {
  return {
    gameId: r.game_id,
    seq: r.seq,
    nameKey: r.name_key,
    name: r.name,
    kind: r.kind,
    date: r.date,
    reason: r.reason,
    createdAt: r.created_at,
    ...(r.revoked_seq !== null ? { revokedSeq: r.revoked_seq } : {}),
  };
}

/** A warning record as a row. */
export function warningRow(w: WarningRecord): Schema['warnings'] {
  return {
    game_id: w.gameId,
    seq: w.seq,
    name_key: w.nameKey,
    name: w.name,
    kind: w.kind,
    date: w.date,
    reason: w.reason,
    created_at: w.createdAt,
    revoked_seq: w.revokedSeq ?? null,
  };
}

/** An account row as a record (a legacy look-alike has no skeleton). */
export function toAccount(r: Schema['accounts']): AccountRecord {
  return {
    id: r.id,
    name: r.name,
    nameKey: r.name_key,
    ...(r.name_skeleton ? { skeleton: r.name_skeleton } : {}),
    passwordHash: r.password_hash,
    createdAt: r.created_at,
  };
}

/** Sets the skeleton of every account that has none, oldest first, skipping look-alikes of an earlier account. */
export async function backfillSkeletons(db: Kysely<Schema>): Promise<void> {
  const rows = await db.selectFrom('accounts').select(['id', 'name', 'name_skeleton']).orderBy('created_at').orderBy('id').execute();
  const taken = new Set(rows.flatMap((r) => (r.name_skeleton ? [r.name_skeleton] : [])));
  for (const r of rows) {
    if (r.name_skeleton) continue;
    const skeleton = nameSkeleton(r.name);
    if (taken.has(skeleton)) continue;
    taken.add(skeleton);
    await db.updateTable('accounts').set({ name_skeleton: skeleton }).where('id', '=', r.id).execute();
  }
}
