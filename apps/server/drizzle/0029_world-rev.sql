-- Every update that sets an instance's world adds one to its world_rev (runtime/worlds.ts): the read of a
-- player's event asks for the world only when the process does not hold it at that world_rev. `UPDATE OF world`
-- fires on a SET of the column whatever its value, and not on the updates that only touch updated_at (the
-- grouped write's, every event).
ALTER TABLE "game_instances" ADD COLUMN "world_rev" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "game_instances_world_rev"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.world_rev := OLD.world_rev + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "game_instances_world_rev" BEFORE UPDATE OF "world" ON "game_instances"
  FOR EACH ROW EXECUTE FUNCTION "game_instances_world_rev"();
