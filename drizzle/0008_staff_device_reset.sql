-- Housekeepers' devices held fields their screens never use (export tokens, OTA ids, prices, pay):
-- pull now sends each role only its fields (shared/device-fields.ts), and rows that never change
-- again would keep the old ones. One scope mark for the staff role, one version ahead of every
-- cursor given out so far, makes each housekeeper's next pull a fresh start (reset: true).
UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'version';--> statement-breakpoint
INSERT OR REPLACE INTO `counters` (`name`, `value`) SELECT 'scope:role:staff', `value` FROM `counters` WHERE `name` = 'version';
