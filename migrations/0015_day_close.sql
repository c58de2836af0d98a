CREATE TABLE `day_closes` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`note` text,
	`tomorrow_task_ids` text DEFAULT '[]' NOT NULL,
	`tomorrow_first_task_id` integer,
	`closed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `tasks` ADD `estimate_minutes` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `day_close_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `day_close_time` text DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `usual_focus_minutes` integer DEFAULT 120 NOT NULL;