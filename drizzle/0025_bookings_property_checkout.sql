DROP INDEX `bookings_property_dates_idx`;--> statement-breakpoint
CREATE INDEX `bookings_property_checkout_idx` ON `bookings` (`property_id`,`check_out_date`,`check_in_date`);