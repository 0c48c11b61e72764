// The notification tables (issue 26), one migration for both SQL dialects (migrations.ts numbers it in each).
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './migrations.ts';

/** Creates the notification tables: reminder slots and plans, notifications, deliveries, push, contacts, tokens, cursors. */
export function notifyTables(dialect: Dialect): Migration {
  // Instants and versions: SQLite's integer is 64-bit, PostgreSQL's is not.
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reminders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('deadline_id', 'text', (c) => c.notNull())
        .addColumn('deadline_at', int, (c) => c.notNull())
        .addColumn('lead_ms', int, (c) => c.notNull())
        .addColumn('due_at', int, (c) => c.notNull())
        .addColumn('claimed_until', int)
        .addColumn('done_at', int)
        .execute();
      await db.schema.createIndex('reminders_due').on('reminders').column('due_at').execute();
      await db.schema.createIndex('reminders_game').on('reminders').column('game_id').execute();
      await db.schema
        .createTable('reminder_plans')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('version', int, (c) => c.notNull())
        .addColumn('sig', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('read_at', int)
        .addUniqueConstraint('notifications_source', ['account_id', 'source'])
        .execute();
      await db.schema.createIndex('notifications_account').on('notifications').columns(['account_id', 'created_at']).execute();
      await db.schema
        .createTable('deliveries')
        .addColumn('notification_id', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('due_at', int, (c) => c.notNull())
        .addColumn('claimed_until', int)
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('done_at', int)
        .addPrimaryKeyConstraint('deliveries_pk', ['notification_id', 'target'])
        .execute();
      await db.schema.createIndex('deliveries_due').on('deliveries').column('due_at').execute();
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('endpoint', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscriptions_account').on('push_subscriptions').column('account_id').execute();
      await db.schema
        .createTable('contacts')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text')
        .addColumn('email_key', 'text')
        .addColumn('verified_at', int)
        .addColumn('locale', 'text')
        .addColumn('prefs', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contacts_email').on('contacts').column('email_key').execute();
      await db.schema
        .createTable('mail_tokens')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .addColumn('used_at', int)
        .execute();
      await db.schema
        .createTable('feed_cursors')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('seq', int, (c) => c.notNull())
        .execute();
    },
  };
}
