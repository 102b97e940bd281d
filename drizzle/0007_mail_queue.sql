CREATE TABLE `mail_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text DEFAULT 'other' NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`reply_to` text,
	`link` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`claimed_until` text,
	`last_error` text,
	`dedupe_key` text,
	`notification_id` text,
	`inbox_message_id` text,
	`transport` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_queue_dedupe_uq` ON `mail_queue` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `mail_queue_due_idx` ON `mail_queue` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_queue_created_idx` ON `mail_queue` (`created_at`);--> statement-breakpoint
CREATE INDEX `mail_queue_notification_idx` ON `mail_queue` (`notification_id`);--> statement-breakpoint
ALTER TABLE `inbox_messages` ADD `email_status` text;