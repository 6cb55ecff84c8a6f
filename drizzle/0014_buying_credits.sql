CREATE TABLE "credit_purchases" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pack_id" text NOT NULL,
	"credits" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_intent_id" text,
	"charge_id" text,
	"receipt_url" text,
	"paid_at" timestamp with time zone,
	"credits_taken_back" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_purchases_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "credit_purchases_taken_back_within" CHECK ("credit_purchases"."credits_taken_back" between 0 and "credit_purchases"."credits")
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_known";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "debt_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_debt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_purchases_user_idx" ON "credit_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_known" CHECK ("credit_ledger"."reason" in ('signup_grant','generation_reserve','generation_refund','purchase','admin_adjust','background_removal','purchase_refunded','purchase_disputed'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_debt_non_negative" CHECK ("users"."credit_debt" >= 0);