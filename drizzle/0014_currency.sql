ALTER TABLE `bookings` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `properties` ADD `currency` text DEFAULT 'USD' NOT NULL;