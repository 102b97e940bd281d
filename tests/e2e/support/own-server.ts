/**
 * A server of a test file's own, for the files that stop, restart or configure it under an open
 * page (the shared one must stay up for the other files): the real app with the demo seed on a
 * temporary database, listening on a free port of 127.0.0.1 that it keeps across restarts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../../server/src/app';
import { CLIENT_DIST_DIR } from '../../../scripts/client-build';

export class OwnServer {
  private readonly dataDir: string;
  private port = 0;
  /** The running app (the last one started). */
  app!: FastifyInstance;

  constructor(name: string) {
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `staykeep-${name}-`));
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the app on this file's database (the same port after the first start); a fresh signing key unless given. */
  async start(options: BuildOptions = {}): Promise<FastifyInstance> {
    this.app = await buildApp({
      databasePath: path.join(this.dataDir, 'app.db'),
      appSecretKey: crypto.randomBytes(32).toString('hex'),
      clientDistDir: CLIENT_DIST_DIR,
      seed: true,
      logger: false,
      ...options,
    });
    await this.app.listen({ port: this.port, host: '127.0.0.1' });
    this.port = (this.app.server.address() as AddressInfo).port;
    return this.app;
  }

  /** Stops the app and removes its database. */
  async remove(): Promise<void> {
    await this.app?.close();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
