CREATE TABLE "game_translations" (
	"game_id" uuid NOT NULL,
	"language" text NOT NULL,
	"text_id" text NOT NULL,
	"text" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_translations_game_id_language_text_id_pk" PRIMARY KEY("game_id","language","text_id")
);
--> statement-breakpoint
ALTER TABLE "game_translations" ADD CONSTRAINT "game_translations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;