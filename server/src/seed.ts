import type { Db } from './db/index';
export function seedDemo(_db: Db, _now: Date): void {}
