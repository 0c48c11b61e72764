// The SQL tables both SQL stores share (SQLite and PostgreSQL), as Kysely sees them. PostgreSQL's bigint columns
// are read back as numbers by the pg type parser the PostgreSQL store installs.

/** Table shapes, for Kysely. */
export interface Schema {
  streams: { stream_id: string; version: number; created_at: number };
  events: { stream_id: string; seq: number; type: string; at: number; audience: string; data: string };
  snapshots: { stream_id: string; version: number; state: string };
  timers: { stream_id: string; due_at: number; claimed_until: number | null };
  accounts: { id: string; name: string; name_key: string; password_hash: string; created_at: number };
  sessions: { id: string; account_id: string; csrf: string; created_at: number; expires_at: number };
}
