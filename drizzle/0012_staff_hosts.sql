CREATE TABLE `staff_current_hosts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`staff_id` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `staff_id` text;--> statement-breakpoint
-- Staff rows are no longer reached by e-mail, only by user_id (set when that row's invite is
-- accepted). A row that worked by e-mail alone keeps working: it is linked to the staff user with
-- its address when that user has no row linked by user_id and this is the only such row for it.
UPDATE `housekeeping_staff` SET `user_id` = (
  SELECT u.`ID` FROM `users` u WHERE u.`Role` = 'staff' AND u.`deleted_at` IS NULL AND lower(u.`Email`) = lower(trim(`housekeeping_staff`.`staff_email`))
)
WHERE `user_id` IS NULL AND `deleted_at` IS NULL AND trim(`staff_email`) <> ''
  AND (SELECT count(*) FROM `users` u WHERE u.`Role` = 'staff' AND u.`deleted_at` IS NULL AND lower(u.`Email`) = lower(trim(`housekeeping_staff`.`staff_email`))) = 1
  AND NOT EXISTS (
    SELECT 1 FROM `housekeeping_staff` l JOIN `users` u ON u.`ID` = l.`user_id`
    WHERE l.`deleted_at` IS NULL AND lower(u.`Email`) = lower(trim(`housekeeping_staff`.`staff_email`))
  )
  AND (SELECT count(*) FROM `housekeeping_staff` o WHERE o.`user_id` IS NULL AND o.`deleted_at` IS NULL AND lower(trim(o.`staff_email`)) = lower(trim(`housekeeping_staff`.`staff_email`))) = 1;
--> statement-breakpoint
-- Open staff invites from before name the row their user is linked to (admins' invites stay without one).
UPDATE `password_reset_tokens` SET `staff_id` = (
  SELECT s.`id` FROM `housekeeping_staff` s WHERE s.`user_id` = `password_reset_tokens`.`user_id` AND s.`deleted_at` IS NULL ORDER BY s.`created_date`, s.`id` LIMIT 1
)
WHERE `purpose` = 'invite' AND `used_at` IS NULL AND `staff_id` IS NULL
  AND `user_id` IN (SELECT `ID` FROM `users` WHERE `Role` = 'staff');
--> statement-breakpoint
-- A housekeeper of several hosts keeps working when one is suspended, without that host's rows:
-- a change of a host's status makes its linked housekeepers' devices start over (server/src/modules/sync/scope.ts).
CREATE TRIGGER "sync_scope_host_profiles_status" AFTER UPDATE OF "account_status" ON "host_profiles" FOR EACH ROW WHEN old."account_status" IS NOT new."account_status" BEGIN INSERT OR REPLACE INTO counters (name, value) SELECT 'scope:user:' || user_id, new.version FROM housekeeping_staff WHERE host_id = old.id AND user_id IS NOT NULL AND deleted_at IS NULL; END;
--> statement-breakpoint
-- Housekeepers' devices now receive the host_id of their tasks, properties and staff rows (a
-- housekeeper of several hosts sees each task labelled): rows that never change again would lack
-- it, so every housekeeper's next pull starts over, as drizzle/0008_staff_device_reset.sql did.
UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'version';--> statement-breakpoint
INSERT OR REPLACE INTO `counters` (`name`, `value`) SELECT 'scope:role:staff', `value` FROM `counters` WHERE `name` = 'version';
