CREATE TABLE "feed_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"player_id" text,
	"member_name" text,
	"text" text DEFAULT '' NOT NULL,
	"media_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "score_marks" (
	"instance_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"points" double precision NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "score_marks_instance_id_player_id_pk" PRIMARY KEY("instance_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "wall_links" (
	"instance_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"show_map" boolean DEFAULT false NOT NULL,
	"layout" text DEFAULT 'grid' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_marks" ADD CONSTRAINT "score_marks_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_links" ADD CONSTRAINT "wall_links_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_links" ADD CONSTRAINT "wall_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_items_source_idx" ON "feed_items" USING btree ("instance_id","kind","source_id");--> statement-breakpoint
CREATE INDEX "feed_items_instance_idx" ON "feed_items" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wall_links_token_idx" ON "wall_links" USING btree ("token_hash");