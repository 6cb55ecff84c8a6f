CREATE TABLE "user_data_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Runs at commit (a deferred constraint trigger), after every other lock the transaction takes,
-- so it cannot wait on a lock while holding the version row. A person deleted in the same
-- transaction gets no row (their version went with them).
CREATE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text := CASE WHEN TG_OP = 'DELETE' THEN OLD.owner_id ELSE NEW.owner_id END;
BEGIN
  IF owner IS NOT NULL THEN
    INSERT INTO "user_data_versions" ("user_id", "version")
      SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM "auth_users" WHERE "id" = owner)
      ON CONFLICT ("user_id") DO UPDATE SET "version" = "user_data_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "styles_data_version" AFTER INSERT OR UPDATE OR DELETE ON "styles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "style_references_data_version" AFTER INSERT OR UPDATE OR DELETE ON "style_references" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "generation_jobs_data_version" AFTER INSERT OR UPDATE OR DELETE ON "generation_jobs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "objects_data_version" AFTER INSERT OR UPDATE OR DELETE ON "objects" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "images_data_version" AFTER INSERT OR UPDATE OR DELETE ON "images" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();
