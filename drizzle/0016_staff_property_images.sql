-- Housekeepers' devices now receive the properties' `images` (shared/device-fields.ts). Rows they
-- already hold would gain them only at their next change, so every housekeeper's next pull starts
-- over once: the global version moves one step (a device that is up to date holds a cursor equal to
-- it) and the role's scope mark is set to the new version (server/src/modules/sync/scope.ts); after
-- that fresh start her cursor is the mark, so it happens once. A fresh database has no version
-- counter yet, and nothing to redo.
UPDATE counters SET value = value + 1 WHERE name = 'version';
--> statement-breakpoint
INSERT OR REPLACE INTO counters (name, value) SELECT 'scope:role:staff', value FROM counters WHERE name = 'version';
