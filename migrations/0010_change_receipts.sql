CREATE TABLE `change_receipts` (
	`user_id` text NOT NULL,
	`change_id` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer,
	`content_type` text,
	`body` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `change_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `change_receipts_user_created` ON `change_receipts` (`user_id`,`created_at`);