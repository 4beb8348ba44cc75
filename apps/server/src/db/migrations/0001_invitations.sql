CREATE TABLE "email_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"choir_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"invited_by" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "email_invitations_status_check" CHECK ("email_invitations"."status" in ('Pending', 'Accepted', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shareable_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"choir_id" uuid NOT NULL,
	"token" text NOT NULL,
	"max_uses" integer,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shareable_invitations_max_uses_check" CHECK ("shareable_invitations"."max_uses" is null or "shareable_invitations"."max_uses" between 1 and 1000),
	CONSTRAINT "shareable_invitations_uses_check" CHECK ("shareable_invitations"."current_uses" >= 0 and ("shareable_invitations"."max_uses" is null or "shareable_invitations"."current_uses" <= "shareable_invitations"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "email_invitations" ADD CONSTRAINT "email_invitations_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_invitations" ADD CONSTRAINT "email_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareable_invitations" ADD CONSTRAINT "shareable_invitations_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareable_invitations" ADD CONSTRAINT "shareable_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_invitations_token_key" ON "email_invitations" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "email_invitations_pending_key" ON "email_invitations" USING btree ("choir_id",lower("email")) WHERE "email_invitations"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "email_invitations_email_idx" ON "email_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "shareable_invitations_token_key" ON "shareable_invitations" USING btree ("token");--> statement-breakpoint
CREATE INDEX "shareable_invitations_choir_idx" ON "shareable_invitations" USING btree ("choir_id");