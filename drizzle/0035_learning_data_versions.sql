-- The create page's composer offers the workspace's characters and the models a style or character
-- was trained on; it reads them with the page, kept under the workspace's data version
-- (docs/decisions/146). A character or a training changed, in any process, moves that version
-- at commit, as a style or an object does (0019, 0030).
CREATE CONSTRAINT TRIGGER "characters_data_version" AFTER INSERT OR UPDATE OR DELETE ON "characters" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_workspace_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "trainings_data_version" AFTER INSERT OR UPDATE OR DELETE ON "trainings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_workspace_data_version"();
