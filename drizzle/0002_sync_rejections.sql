CREATE TABLE `sync_rejections` (
	`client_id` text NOT NULL,
	`mutation_id` text NOT NULL,
	`seq` integer NOT NULL,
	`code` integer NOT NULL,
	`error` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`client_id`, `mutation_id`)
);
--> statement-breakpoint
CREATE INDEX `sync_rejections_client_seq_idx` ON `sync_rejections` (`client_id`,`seq`);--> statement-breakpoint
CREATE INDEX `sync_rejections_created_idx` ON `sync_rejections` (`created_at`);