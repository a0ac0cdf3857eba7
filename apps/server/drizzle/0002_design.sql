CREATE TABLE "design_entities" (
	"game_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"scene_id" text,
	"idx" integer,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_entities_game_id_kind_id_pk" PRIMARY KEY("game_id","kind","id")
);
--> statement-breakpoint
ALTER TABLE "game_versions" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_versions" ADD COLUMN "initial_state" jsonb DEFAULT '{"has":{"object":{},"offer":{}}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "design_entities" ADD CONSTRAINT "design_entities_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_entities_name_unique" ON "design_entities" USING btree ("game_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "design_entities_scene_idx" ON "design_entities" USING btree ("game_id","scene_id","kind","idx");