ALTER TABLE `task_photos` ADD `report_id` text;--> statement-breakpoint
CREATE INDEX `task_photos_report_idx` ON `task_photos` (`report_id`);--> statement-breakpoint
-- Hand-written (issue 19, docs/decisions.md "Access details"): the older free-text properties.access_notes, which
-- reached every housekeeper of a property, moves into the property's access details (arrival_notes, appended after
-- what the host wrote there; a removed access row comes back with the notes alone), and is emptied. Every row
-- touched takes a fresh version past the counter, so that hosts pull the notes and housekeepers the rows without them.
INSERT OR IGNORE INTO `counters` (`name`, `value`) VALUES ('version', 0);--> statement-breakpoint
UPDATE `property_access` SET
  `arrival_notes` = CASE WHEN `deleted_at` IS NOT NULL OR trim(`arrival_notes`) = '' THEN (SELECT trim(`p`.`access_notes`) FROM `properties` `p` WHERE `p`.`id` = `property_access`.`property_id`)
    ELSE `arrival_notes` || char(10) || char(10) || (SELECT trim(`p`.`access_notes`) FROM `properties` `p` WHERE `p`.`id` = `property_access`.`property_id`) END,
  `door_code` = CASE WHEN `deleted_at` IS NOT NULL THEN '' ELSE `door_code` END,
  `wifi_name` = CASE WHEN `deleted_at` IS NOT NULL THEN '' ELSE `wifi_name` END,
  `wifi_password` = CASE WHEN `deleted_at` IS NOT NULL THEN '' ELSE `wifi_password` END,
  `parking` = CASE WHEN `deleted_at` IS NOT NULL THEN '' ELSE `parking` END,
  `host_id` = (SELECT `p`.`host_id` FROM `properties` `p` WHERE `p`.`id` = `property_access`.`property_id`),
  `deleted_at` = NULL,
  `version` = (SELECT `value` FROM `counters` WHERE `name` = 'version') + (SELECT count(*) FROM `properties` `n` WHERE `n`.`deleted_at` IS NULL AND trim(`n`.`access_notes`) <> '' AND `n`.`id` <= `property_access`.`property_id`),
  `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE EXISTS (SELECT 1 FROM `properties` `p` WHERE `p`.`id` = `property_access`.`property_id` AND `p`.`deleted_at` IS NULL AND trim(`p`.`access_notes`) <> '');--> statement-breakpoint
INSERT INTO `property_access` (`id`, `version`, `updated_at`, `deleted_at`, `host_id`, `property_id`, `door_code`, `wifi_name`, `wifi_password`, `parking`, `arrival_notes`, `created_date`)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  (SELECT `value` FROM `counters` WHERE `name` = 'version') + (SELECT count(*) FROM `properties` `n` WHERE `n`.`deleted_at` IS NULL AND trim(`n`.`access_notes`) <> '' AND `n`.`id` <= `p`.`id`),
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, `p`.`host_id`, `p`.`id`, '', '', '', '', trim(`p`.`access_notes`), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `properties` `p`
WHERE `p`.`deleted_at` IS NULL AND trim(`p`.`access_notes`) <> '' AND NOT EXISTS (SELECT 1 FROM `property_access` `a` WHERE `a`.`property_id` = `p`.`id`);--> statement-breakpoint
UPDATE `properties` SET
  `version` = (SELECT `value` FROM `counters` WHERE `name` = 'version') + (SELECT count(*) FROM `properties` `n` WHERE `n`.`deleted_at` IS NULL AND trim(`n`.`access_notes`) <> '')
    + (SELECT count(*) FROM `properties` `n` WHERE `n`.`deleted_at` IS NULL AND trim(`n`.`access_notes`) <> '' AND `n`.`id` <= `properties`.`id`),
  `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `deleted_at` IS NULL AND trim(`access_notes`) <> '';--> statement-breakpoint
UPDATE `counters` SET `value` = `value` + 2 * (SELECT count(*) FROM `properties` `n` WHERE `n`.`deleted_at` IS NULL AND trim(`n`.`access_notes`) <> '') WHERE `name` = 'version';--> statement-breakpoint
UPDATE `properties` SET `access_notes` = '' WHERE `deleted_at` IS NULL AND trim(`access_notes`) <> '';

