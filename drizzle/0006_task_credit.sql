ALTER TABLE `housekeeping_tasks` ADD `completed_by_staff_id` text;--> statement-breakpoint
ALTER TABLE `housekeeping_tasks` ADD `previous_staff_id` text;--> statement-breakpoint
ALTER TABLE `housekeeping_tasks` ADD `reassigned_at` text;