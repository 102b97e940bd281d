ALTER TABLE `housekeeping_tasks` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `property_access` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `task_templates` ADD `translations` text DEFAULT '{}' NOT NULL;