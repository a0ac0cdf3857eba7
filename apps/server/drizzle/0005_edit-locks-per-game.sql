-- Locks are short-lived and cannot be told apart by game without the column: drop the live ones.
DELETE FROM "edit_locks";--> statement-breakpoint
ALTER TABLE "edit_locks" DROP CONSTRAINT "edit_locks_kind_resource_id_pk";--> statement-breakpoint
ALTER TABLE "edit_locks" ADD COLUMN "game_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "edit_locks" ADD CONSTRAINT "edit_locks_game_id_kind_resource_id_pk" PRIMARY KEY("game_id","kind","resource_id");--> statement-breakpoint
ALTER TABLE "edit_locks" ADD CONSTRAINT "edit_locks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;
