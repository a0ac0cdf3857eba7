CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"member_id" text,
	"member_name" text,
	"mission_id" text NOT NULL,
	"media_id" text,
	"text" text,
	"status" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"judged_by" uuid,
	"judged_by_name" text,
	"judged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_judged_by_users_id_fk" FOREIGN KEY ("judged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_queue_idx" ON "submissions" USING btree ("instance_id","status","created_at");--> statement-breakpoint
CREATE INDEX "submissions_player_idx" ON "submissions" USING btree ("instance_id","player_id","mission_id");