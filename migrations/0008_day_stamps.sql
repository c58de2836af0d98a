ALTER TABLE `tasks` ADD `created_day` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `completed_day` text;--> statement-breakpoint
ALTER TABLE `day_plans` ADD `priority_task_ids` text;--> statement-breakpoint
ALTER TABLE `day_plans` ADD `skipped` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The Done screen pages the finished tasks latest first (docs/decisions/184-history-pages.md).
CREATE INDEX `tasks_user_completed` ON `tasks` (`user_id`,`completed_at`);
