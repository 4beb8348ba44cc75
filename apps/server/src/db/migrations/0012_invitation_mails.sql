CREATE TABLE "invitation_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"choir_id" uuid NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_mails" ADD CONSTRAINT "invitation_mails_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_mails_choir_email_sent_idx" ON "invitation_mails" USING btree ("choir_id","email","sent_at");--> statement-breakpoint
CREATE INDEX "invitation_mails_choir_sent_idx" ON "invitation_mails" USING btree ("choir_id","sent_at");