-- Scope-shrink triggers (server/src/modules/sync/scope.ts `scopeTriggers`, which this file must match:
-- server/test/scope-triggers.test.ts compares them). Earlier servers installed the same triggers at start.
DROP TRIGGER IF EXISTS "sync_scope_host_profiles_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_display_settings_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_properties_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_bookings_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_housekeeping_staff_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_housekeeping_tasks_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_task_templates_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_guests_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_notifications_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_calendar_feeds_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_calendar_sync_jobs_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_calendar_blocks_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_inbox_messages_owner";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_housekeeping_tasks_assignment";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_housekeeping_staff_link";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_housekeeping_staff_insert";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_host_profiles_life";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sync_scope_users_identity";
--> statement-breakpoint
CREATE TRIGGER "sync_scope_host_profiles_owner" AFTER UPDATE OF "user_id" ON "host_profiles" FOR EACH ROW WHEN old."user_id" IS NOT new."user_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'user:' || old.user_id, new.version); INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'user:' || new.user_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_display_settings_owner" AFTER UPDATE OF "user_id" ON "display_settings" FOR EACH ROW WHEN old."user_id" IS NOT new."user_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'user:' || old.user_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_properties_owner" AFTER UPDATE OF "host_id" ON "properties" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_bookings_owner" AFTER UPDATE OF "host_id" ON "bookings" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_housekeeping_staff_owner" AFTER UPDATE OF "host_id" ON "housekeeping_staff" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_housekeeping_tasks_owner" AFTER UPDATE OF "host_id" ON "housekeeping_tasks" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_task_templates_owner" AFTER UPDATE OF "host_id" ON "task_templates" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_guests_owner" AFTER UPDATE OF "host_id" ON "guests" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_notifications_owner" AFTER UPDATE OF "user_id" ON "notifications" FOR EACH ROW WHEN old."user_id" IS NOT new."user_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'user:' || old.user_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_calendar_feeds_owner" AFTER UPDATE OF "host_id" ON "calendar_feeds" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_calendar_sync_jobs_owner" AFTER UPDATE OF "host_id" ON "calendar_sync_jobs" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_calendar_blocks_owner" AFTER UPDATE OF "host_id" ON "calendar_blocks" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_inbox_messages_owner" AFTER UPDATE OF "host_id" ON "inbox_messages" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_housekeeping_tasks_assignment" AFTER UPDATE OF "assigned_staff_id", "property_id", "deleted_at" ON "housekeeping_tasks" FOR EACH ROW WHEN old.assigned_staff_id IS NOT NULL AND (old."assigned_staff_id" IS NOT new."assigned_staff_id" OR old."property_id" IS NOT new."property_id" OR (old.deleted_at IS NULL AND new.deleted_at IS NOT NULL)) BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'staff:' || old.assigned_staff_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_housekeeping_staff_link" AFTER UPDATE OF "user_id", "staff_email", "deleted_at" ON "housekeeping_staff" FOR EACH ROW WHEN old."user_id" IS NOT new."user_id" OR old."staff_email" IS NOT new."staff_email" OR old."deleted_at" IS NOT new."deleted_at" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'staff:' || old.id, new.version); INSERT OR REPLACE INTO counters (name, value) SELECT 'scope:user:' || old.user_id, new.version WHERE old.user_id IS NOT NULL; INSERT OR REPLACE INTO counters (name, value) SELECT 'scope:user:' || new.user_id, new.version WHERE new.user_id IS NOT NULL; INSERT OR REPLACE INTO counters (name, value) SELECT 'scope:user:' || "ID", new.version FROM users WHERE "Email" = old.staff_email AND old.staff_email <> ''; INSERT OR REPLACE INTO counters (name, value) SELECT 'scope:user:' || "ID", new.version FROM users WHERE "Email" = new.staff_email AND new.staff_email <> ''; END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_housekeeping_staff_insert" AFTER INSERT ON "housekeeping_staff" FOR EACH ROW BEGIN INSERT OR REPLACE INTO counters (name, value) SELECT 'scope:user:' || new.user_id, new.version WHERE new.user_id IS NOT NULL; INSERT OR REPLACE INTO counters (name, value) SELECT 'scope:user:' || "ID", new.version FROM users WHERE "Email" = new.staff_email AND new.staff_email <> ''; END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_host_profiles_life" AFTER UPDATE OF "deleted_at" ON "host_profiles" FOR EACH ROW WHEN old.deleted_at IS NOT new.deleted_at BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'user:' || old.user_id, new.version); END;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_users_identity" AFTER UPDATE OF "Role", "deleted_at", "Email" ON "users" FOR EACH ROW WHEN old."Role" IS NOT new."Role" OR old."deleted_at" IS NOT new."deleted_at" OR (old."Email" IS NOT new."Email" AND EXISTS (SELECT 1 FROM housekeeping_staff WHERE staff_email IN (old."Email", new."Email"))) BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'user:' || old."ID", new.version); END;
