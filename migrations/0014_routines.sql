CREATE TABLE `routine_days` (
	`routine_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`state` text NOT NULL,
	`reason` text,
	PRIMARY KEY(`routine_id`, `day`),
	FOREIGN KEY (`routine_id`) REFERENCES `routines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `routine_days_user` ON `routine_days` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `routines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`kind` text NOT NULL,
	`week_days` integer DEFAULT 0 NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`start_day` text NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `routines_user` ON `routines` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `tasks` ADD `routine_id` integer;--> statement-breakpoint
ALTER TABLE `tasks` ADD `routine_day` text;--> statement-breakpoint
CREATE UNIQUE INDEX `tasks_routine_day` ON `tasks` (`routine_id`,`routine_day`);--> statement-breakpoint
ALTER TABLE `users` ADD `routines_active` integer DEFAULT false NOT NULL;