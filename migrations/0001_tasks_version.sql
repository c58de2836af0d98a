ALTER TABLE `users` ADD `tasks_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every write to a user's tasks bumps their tasks_version, whichever statement does it.
CREATE TRIGGER `tasks_version_after_insert` AFTER INSERT ON `tasks` BEGIN
  UPDATE `users` SET `tasks_version` = `tasks_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_version_after_update` AFTER UPDATE ON `tasks` BEGIN
  UPDATE `users` SET `tasks_version` = `tasks_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_version_after_delete` AFTER DELETE ON `tasks` BEGIN
  UPDATE `users` SET `tasks_version` = `tasks_version` + 1 WHERE `id` = OLD.`user_id`;
END;
