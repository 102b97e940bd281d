/**
 * Opens the database (migrations applied) and decorates `app.db`, and the change feed its writes
 * publish to once committed (`app.changes`, server/src/db/changes.ts); closes both with the app.
 */
import fp from 'fastify-plugin';
import { attachChangeFeed, InProcessChangeFeed, type ChangeFeed } from '../db/changes';
import { openDatabase, type Db } from '../db/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Committed writes, for whoever needs to act on them (sync pokes, Web Push, integrations). */
    changes: ChangeFeed;
  }
}

export const dbPlugin = fp<{ databasePath: string }>(
  async (app, opts) => {
    const db = openDatabase(opts.databasePath);
    const feed = new InProcessChangeFeed((error) => app.log.error({ err: error }, 'a change feed subscriber failed'));
    const detach = attachChangeFeed(db.$client, feed);
    app.decorate('db', db);
    app.decorate('changes', feed);
    app.addHook('onClose', async () => {
      detach();
      db.$client.close();
    });
  },
  { name: 'db' },
);
