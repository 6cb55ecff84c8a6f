-- Tables and columns that hold a workspace's data are named for it (docs/decisions/108): the
-- balance table was `users` (the spec's "users" document), though a team's balance is a row in it
-- too; the ledger's, purchases', events' and data versions' `user_id` held a workspace id. Renames
-- keep every row, constraint and index; the functions the triggers call are rewritten for the new
-- names (a trigger names its function, not the tables the function touches).
ALTER TABLE "users" RENAME TO "workspace_balances";
--> statement-breakpoint
ALTER INDEX "users_pkey" RENAME TO "workspace_balances_pkey";
--> statement-breakpoint
ALTER TABLE "workspace_balances" RENAME CONSTRAINT "users_id_workspaces_id_fk" TO "workspace_balances_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "workspace_balances" RENAME CONSTRAINT "users_credits_non_negative" TO "workspace_balances_credits_non_negative";
--> statement-breakpoint
ALTER TABLE "workspace_balances" RENAME CONSTRAINT "users_credit_debt_non_negative" TO "workspace_balances_credit_debt_non_negative";
--> statement-breakpoint
ALTER TABLE "credit_ledger" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "credit_ledger" RENAME CONSTRAINT "credit_ledger_user_id_users_id_fk" TO "credit_ledger_workspace_id_workspace_balances_id_fk";
--> statement-breakpoint
ALTER INDEX "credit_ledger_user_idx" RENAME TO "credit_ledger_workspace_idx";
--> statement-breakpoint
ALTER INDEX "credit_ledger_user_id_idx" RENAME TO "credit_ledger_workspace_id_idx";
--> statement-breakpoint
ALTER TABLE "credit_purchases" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "credit_purchases" RENAME CONSTRAINT "credit_purchases_user_id_users_id_fk" TO "credit_purchases_workspace_id_workspace_balances_id_fk";
--> statement-breakpoint
ALTER INDEX "credit_purchases_user_idx" RENAME TO "credit_purchases_workspace_idx";
--> statement-breakpoint
ALTER TABLE "user_events" RENAME TO "workspace_events";
--> statement-breakpoint
ALTER TABLE "workspace_events" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER INDEX "user_events_pkey" RENAME TO "workspace_events_pkey";
--> statement-breakpoint
ALTER SEQUENCE "user_events_id_seq" RENAME TO "workspace_events_id_seq";
--> statement-breakpoint
ALTER TABLE "workspace_events" RENAME CONSTRAINT "user_events_user_id_workspaces_id_fk" TO "workspace_events_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER INDEX "user_events_user_idx" RENAME TO "workspace_events_workspace_idx";
--> statement-breakpoint
ALTER TABLE "user_data_versions" RENAME TO "workspace_data_versions";
--> statement-breakpoint
ALTER TABLE "workspace_data_versions" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER INDEX "user_data_versions_pkey" RENAME TO "workspace_data_versions_pkey";
--> statement-breakpoint
ALTER TABLE "workspace_data_versions" RENAME CONSTRAINT "user_data_versions_user_id_workspaces_id_fk" TO "workspace_data_versions_workspace_id_workspaces_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION motif_team_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspaces (id, team_id) VALUES (NEW.id, NEW.id) ON CONFLICT DO NOTHING;
  INSERT INTO workspace_balances (id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
ALTER FUNCTION "bump_user_data_version"() RENAME TO "bump_workspace_data_version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_workspace_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text := CASE WHEN TG_OP = 'DELETE' THEN OLD.owner_id ELSE NEW.owner_id END;
BEGIN
  IF owner IS NOT NULL THEN
    INSERT INTO "workspace_data_versions" ("workspace_id", "version")
      SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM "workspaces" WHERE "id" = owner)
      ON CONFLICT ("workspace_id") DO UPDATE SET "version" = "workspace_data_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;
