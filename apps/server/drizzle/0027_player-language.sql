ALTER TABLE "player_states" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "language" text;