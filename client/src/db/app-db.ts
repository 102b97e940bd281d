/** The page's one database handle, opened on first use. */
import { StaykeepDb } from './db';

let instance: StaykeepDb | null = null;

export function appDb(): StaykeepDb {
  instance ??= new StaykeepDb();
  return instance;
}
