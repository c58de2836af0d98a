CREATE TABLE `day_plans` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`no_list_task_ids` text DEFAULT '[]' NOT NULL,
	`planned_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `tasks` ADD `priority_date` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `no_list_date` text;--> statement-breakpoint
ALTER TABLE `users` ADD `day_start_hour` integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_reminder_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_reminder_time` text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
-- Marks set before marks had days: dated by their last change (UTC), so they count as earlier days' marks.
UPDATE `tasks` SET `priority_date` = date(`updated_at` / 1000, 'unixepoch') WHERE `is_priority` = 1 AND `priority_date` IS NULL;--> statement-breakpoint
UPDATE `tasks` SET `no_list_date` = date(`updated_at` / 1000, 'unixepoch') WHERE `category` = 'no_list' AND `no_list_date` IS NULL;
