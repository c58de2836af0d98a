ALTER TABLE `tasks` ADD `answers` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `category_chosen` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Tasks already in a column other than Later were put there by the person; answers leave them be.
UPDATE `tasks` SET `category_chosen` = 1 WHERE `category` IS NOT 'later';
