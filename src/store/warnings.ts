// The warning queries both SQL stores share (CIT-ACT-7): each store runs the built query its own way (SQLite
// synchronously on its prepared statements, PostgreSQL through its pool), so the SQL is written once.
import type { Kysely } from 'kysely';
import { type Schema, warningRow } from './schema.ts';
import type { WarningRecord } from './types.ts';

/** The one table these queries touch (both stores' schemas have it). */
type WarningTables = Pick<Schema, 'warnings'>;

/** Inserts a warning; a second insert of the same (game, seq) is ignored (a retried commit). */
export function insertWarning(k: Kysely<WarningTables>, w: WarningRecord) {
  return k
    .insertInto('warnings')
    .values(warningRow(w))
    .onConflict((oc) => oc.columns(['game_id', 'seq']).doNothing());
}

/**
 * Marks the latest standing warning of (game, name, kind) as revoked by event `seq`, unless that event's revocation
 * is recorded already (one statement, so a retried commit revokes once).
 */
export function revokeLatestWarning(
  k: Kysely<WarningTables>,
  r: { readonly gameId: string; readonly nameKey: string; readonly kind: string; readonly seq: number },
) {
  return k
    .updateTable('warnings')
    .set({ revoked_seq: r.seq })
    .where('game_id', '=', r.gameId)
    .where('seq', '=', (eb) =>
      eb
        .selectFrom('warnings')
        .select((x) => x.fn.max('seq').as('latest'))
        .where('game_id', '=', r.gameId)
        .where('name_key', '=', r.nameKey)
        .where('kind', '=', r.kind)
        .where('revoked_seq', 'is', null),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('warnings').select('seq').where('game_id', '=', r.gameId).where('revoked_seq', '=', r.seq))));
}

/** The standing warnings of some names, oldest first. */
export function selectWarnings(k: Kysely<WarningTables>, nameKeys: readonly string[]) {
  return k
    .selectFrom('warnings')
    .selectAll()
    .where('name_key', 'in', nameKeys.length > 0 ? [...nameKeys] : [''])
    .where('revoked_seq', 'is', null)
    .orderBy('created_at')
    .orderBy('game_id')
    .orderBy('seq');
}

/** Every warning, revoked ones too, oldest first. */
export function selectEveryWarning(k: Kysely<WarningTables>) {
  return k.selectFrom('warnings').selectAll().orderBy('created_at').orderBy('game_id').orderBy('seq');
}
