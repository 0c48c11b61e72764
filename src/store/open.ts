// Opens the store a `--db` value names: ':memory:', a postgres:// URL, or a SQLite file (its folder created).
// Every store migrates on open, so opening is also what `narrator migrate` does.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MemoryStore } from './memory.ts';
import { PostgresStore } from './postgres.ts';
import { SqliteStore } from './sqlite.ts';
import type { Store } from './types.ts';

/** Whether a `--db` value is a PostgreSQL connection URL. */
export const isPostgresUrl = (db: string): boolean => /^postgres(ql)?:\/\//.test(db);

/** Options of `openStore`. */
export interface OpenOptions {
  /** SQLite's synchronous mode. */
  readonly synchronous?: 'normal' | 'full';
  /** PostgreSQL pool size. */
  readonly pool?: number;
}

/** Opens (and migrates) the store a `--db` value names. */
export async function openStore(db: string, o: OpenOptions = {}): Promise<Store> {
  if (db === ':memory:') return new MemoryStore();
  if (isPostgresUrl(db)) return PostgresStore.open(db, o.pool !== undefined ? { max: o.pool } : {});
  mkdirSync(dirname(db), { recursive: true });
  return SqliteStore.open(db, { synchronous: o.synchronous ?? 'normal' });
}
