/** Opens the database (migrations applied) and decorates `app.db`; closes it with the app. */
import fp from 'fastify-plugin';
import { openDatabase, type Db } from '../db/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export const dbPlugin = fp<{ databasePath: string }>(
  async (app, opts) => {
    const db = openDatabase(opts.databasePath);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      db.$client.close();
    });
  },
  { name: 'db' },
);
