CREATE TABLE "instance_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"player_id" text,
	"version_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"entry" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instance_events" ADD CONSTRAINT "instance_events_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instance_events_instance_idx" ON "instance_events" USING btree ("instance_id","seq");