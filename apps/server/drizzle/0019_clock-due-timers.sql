CREATE TABLE "due_timers" (
	"instance_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	CONSTRAINT "due_timers_instance_id_player_id_pk" PRIMARY KEY("instance_id","player_id")
);
--> statement-breakpoint
ALTER TABLE "due_timers" ADD CONSTRAINT "due_timers_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "due_timers_due_idx" ON "due_timers" USING btree ("due_at");