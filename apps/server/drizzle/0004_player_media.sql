ALTER TABLE "media" ADD COLUMN "instance_id" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_instance_idx" ON "media" USING btree ("instance_id") WHERE "media"."instance_id" is not null;