CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text,
	"team_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_person_id_unique" UNIQUE("person_id"),
	CONSTRAINT "workspaces_team_id_unique" UNIQUE("team_id"),
	CONSTRAINT "workspaces_one_holder" CHECK (("workspaces"."person_id" is null) <> ("workspaces"."team_id" is null)),
	CONSTRAINT "workspaces_id_is_holder" CHECK ("workspaces"."id" = coalesce("workspaces"."person_id", "workspaces"."team_id"))
);
--> statement-breakpoint
-- Every person and every team has its workspace, made with it (a team's with its balance row).
CREATE FUNCTION motif_person_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspaces (id, person_id) VALUES (NEW.id, NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_users_workspace AFTER INSERT ON auth_users FOR EACH ROW EXECUTE FUNCTION motif_person_workspace();
--> statement-breakpoint
CREATE FUNCTION motif_team_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspaces (id, team_id) VALUES (NEW.id, NEW.id) ON CONFLICT DO NOTHING;
  INSERT INTO users (id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER teams_workspace AFTER INSERT ON teams FOR EACH ROW EXECUTE FUNCTION motif_team_workspace();
--> statement-breakpoint
INSERT INTO workspaces (id, person_id) SELECT id, id FROM auth_users ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO workspaces (id, team_id) SELECT id, id FROM teams ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO users (id) SELECT id FROM teams ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_id_auth_users_id_fk";
--> statement-breakpoint
ALTER TABLE "style_references" DROP CONSTRAINT "style_references_owner_id_auth_users_id_fk";
--> statement-breakpoint
ALTER TABLE "styles" DROP CONSTRAINT "styles_owner_id_auth_users_id_fk";
--> statement-breakpoint
ALTER TABLE "generation_jobs" DROP CONSTRAINT "generation_jobs_owner_id_auth_users_id_fk";
--> statement-breakpoint
ALTER TABLE "images" DROP CONSTRAINT "images_owner_id_auth_users_id_fk";
--> statement-breakpoint
ALTER TABLE "objects" DROP CONSTRAINT "objects_owner_id_auth_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_data_versions" DROP CONSTRAINT "user_data_versions_user_id_auth_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_events" DROP CONSTRAINT "user_events_user_id_auth_users_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "member_id" text;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "api_keys" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_person_id_auth_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_workspaces_id_fk" FOREIGN KEY ("id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_member_id_auth_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_references" ADD CONSTRAINT "style_references_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "styles" ADD CONSTRAINT "styles_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "styles" ADD CONSTRAINT "styles_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What a person made alone was made by them. Last: these rows' change triggers wait for the commit,
-- and a table with pending trigger events cannot be altered.
UPDATE "styles" SET "created_by" = "owner_id" WHERE "owner_id" IS NOT NULL;--> statement-breakpoint
UPDATE "objects" SET "created_by" = "owner_id";--> statement-breakpoint
UPDATE "generation_jobs" SET "created_by" = "owner_id";
