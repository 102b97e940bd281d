CREATE TABLE `push_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` text NOT NULL,
	`notification_id` text,
	`payload` text NOT NULL,
	`urgency` text DEFAULT 'normal' NOT NULL,
	`ttl` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`claimed_until` text,
	`expires_at` text NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `push_deliveries_due_idx` ON `push_deliveries` (`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `push_deliveries_subscription_idx` ON `push_deliveries` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `task_alerts` (
	`task_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`task_id`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `turnover_tasks` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`task_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `turnover_tasks_task_idx` ON `turnover_tasks` (`task_id`);--> statement-breakpoint
DROP INDEX `tasks_status_due_idx`;--> statement-breakpoint
CREATE INDEX `tasks_status_due_idx` ON `housekeeping_tasks` (`task_status`,`due_date`,`id`) WHERE deleted_at is null;