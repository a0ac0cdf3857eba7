-- The position trigger is called only when a player's position moved: every write of a player row sets
-- latitude and longitude (most events do not move the player), and a WHEN condition is checked without
-- calling the PL/pgSQL function. The function still checks the same itself (0012), for the INSERT trigger.
DROP TRIGGER IF EXISTS "player_states_track_position" ON "player_states";
--> statement-breakpoint
CREATE TRIGGER "player_states_track_position" AFTER INSERT ON "player_states"
  FOR EACH ROW EXECUTE FUNCTION "player_states_track_position"();
--> statement-breakpoint
CREATE TRIGGER "player_states_track_move" AFTER UPDATE OF "latitude", "longitude" ON "player_states"
  FOR EACH ROW WHEN (NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude)
  EXECUTE FUNCTION "player_states_track_position"();
