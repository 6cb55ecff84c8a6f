CREATE TABLE "provider_checks" (
	"provider" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"ok" boolean NOT NULL,
	"message" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
