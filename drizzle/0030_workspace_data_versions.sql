-- Since 0027 a record's owner is its workspace: a person's (its id is theirs) or a team's (its id is
-- the team's, and no auth_users row has it). 0019's function bumped only owners found in auth_users,
-- so a team's version never grew, and a team's pages kept what they read for up to a minute after a
-- member's change. The version belongs to the workspace; a workspace deleted in the same transaction
-- (with its person or team) gets no row.
CREATE OR REPLACE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text := CASE WHEN TG_OP = 'DELETE' THEN OLD.owner_id ELSE NEW.owner_id END;
BEGIN
  IF owner IS NOT NULL THEN
    INSERT INTO "user_data_versions" ("user_id", "version")
      SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM "workspaces" WHERE "id" = owner)
      ON CONFLICT ("user_id") DO UPDATE SET "version" = "user_data_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;
