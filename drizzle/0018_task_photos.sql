CREATE TABLE `task_photo_files` (
	`photo_id` text PRIMARY KEY NOT NULL,
	`image` blob NOT NULL,
	`thumbnail` blob NOT NULL
);
--> statement-breakpoint
CREATE TABLE `task_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`task_id` text NOT NULL,
	`checklist_item_id` text,
	`staff_id` text,
	`uploaded_by` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`taken_at` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `task_photos_task_idx` ON `task_photos` (`task_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `task_photos_host_idx` ON `task_photos` (`host_id`);