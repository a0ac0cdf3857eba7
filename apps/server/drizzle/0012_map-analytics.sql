CREATE TABLE "player_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"when" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_positions" ADD CONSTRAINT "player_positions_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_positions" ADD CONSTRAINT "player_positions_version_id_game_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_positions_version_idx" ON "player_positions" USING btree ("version_id","id");--> statement-breakpoint
CREATE INDEX "player_positions_player_idx" ON "player_positions" USING btree ("instance_id","player_id","id");--> statement-breakpoint
-- Every new position of a player is kept, whichever write path moved them (the map analytics).
CREATE OR REPLACE FUNCTION "player_states_track_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL AND (TG_OP = 'INSERT'
      OR NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude) THEN
    INSERT INTO "player_positions" ("instance_id", "version_id", "player_id", "latitude", "longitude", "when")
    VALUES (NEW.instance_id, NEW.version_id, NEW.player_id, NEW.latitude, NEW.longitude, NEW.updated_at);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "player_states_track_position" AFTER INSERT OR UPDATE OF "latitude", "longitude" ON "player_states"
  FOR EACH ROW EXECUTE FUNCTION "player_states_track_position"();
--> statement-breakpoint
-- The players already there start their track where they stand.
INSERT INTO "player_positions" ("instance_id", "version_id", "player_id", "latitude", "longitude", "when")
SELECT "instance_id", "version_id", "player_id", "latitude", "longitude", "updated_at" FROM "player_states"
WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
