// The read-marker queries both SQL stores share (issue 26: unread markers per account, game and channel), built
// once with Kysely and run by each store its own way, like warnings.ts.
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';
import type { ReadMarker } from './types.ts';

/** The one table these queries touch. */
type MarkerTables = Pick<Schema, 'read_markers'>;

/** A marker row as a record. */
export function toReadMarker(r: Schema['read_markers']): ReadMarker {
  return { accountId: r.account_id, gameId: r.game_id, channel: r.channel, post: r.post, updatedAt: r.updated_at };
}

/** Inserts a marker, or moves a stored one forward (a marker never moves back: the furthest read of any device wins). */
export function upsertReadMarker(k: Kysely<MarkerTables>, m: ReadMarker) {
  return k
    .insertInto('read_markers')
    .values({ account_id: m.accountId, game_id: m.gameId, channel: m.channel, post: m.post, updated_at: m.updatedAt })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'game_id', 'channel'])
        .doUpdateSet((eb) => ({ post: eb.ref('excluded.post'), updated_at: eb.ref('excluded.updated_at') }))
        .where((eb) => eb('excluded.post', '>', eb.ref('read_markers.post'))),
    );
}

/** One marker. */
export function selectReadMarker(k: Kysely<MarkerTables>, m: Pick<ReadMarker, 'accountId' | 'gameId' | 'channel'>) {
  return k.selectFrom('read_markers').selectAll().where('account_id', '=', m.accountId).where('game_id', '=', m.gameId).where('channel', '=', m.channel);
}

/** An account's markers in a game, by channel. */
export function selectReadMarkers(k: Kysely<MarkerTables>, accountId: string, gameId: string) {
  return k.selectFrom('read_markers').selectAll().where('account_id', '=', accountId).where('game_id', '=', gameId).orderBy('channel');
}

/** Every marker, in a stable order. */
export function selectEveryReadMarker(k: Kysely<MarkerTables>) {
  return k.selectFrom('read_markers').selectAll().orderBy('account_id').orderBy('game_id').orderBy('channel');
}
