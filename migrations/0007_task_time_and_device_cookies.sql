-- Device cookies issued before a password change no longer vouch for the browser
-- (docs/decisions/175-device-cookies-retire.md).
ALTER TABLE `users` ADD `password_changed_at` integer;--> statement-breakpoint
-- Finished ⇔ has a time (docs/decisions/171-finished-has-a-time.md). First the rows a race left
-- broken: a finished task without its time takes the time of its last change (when it was
-- finished, or close to it), so it is in the history and leaves the list; an open task keeps no time.
UPDATE `tasks` SET `completed_at` = `updated_at` WHERE `is_completed` = 1 AND `completed_at` IS NULL;--> statement-breakpoint
UPDATE `tasks` SET `completed_at` = NULL WHERE `is_completed` = 0 AND `completed_at` IS NOT NULL;--> statement-breakpoint
-- Then the database refuses any write that breaks it (a CHECK would need the table rebuilt).
CREATE TRIGGER `tasks_finished_has_time_on_insert` BEFORE INSERT ON `tasks`
WHEN (NEW.`is_completed` <> 0) <> (NEW.`completed_at` IS NOT NULL)
BEGIN SELECT RAISE(ABORT, 'tasks: finished has a time: is_completed and completed_at disagree'); END;--> statement-breakpoint
CREATE TRIGGER `tasks_finished_has_time_on_update` BEFORE UPDATE OF `is_completed`, `completed_at` ON `tasks`
WHEN (NEW.`is_completed` <> 0) <> (NEW.`completed_at` IS NOT NULL)
BEGIN SELECT RAISE(ABORT, 'tasks: finished has a time: is_completed and completed_at disagree'); END;
