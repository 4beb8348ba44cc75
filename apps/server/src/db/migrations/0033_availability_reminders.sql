CREATE TABLE "availability_reminders" (
	"playlist_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"choir_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "availability_reminders_playlist_id_user_id_pk" PRIMARY KEY("playlist_id","user_id"),
	CONSTRAINT "availability_reminders_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "choir_reminder_settings" (
	"choir_id" uuid PRIMARY KEY NOT NULL,
	"days" smallint NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "choir_reminder_settings_days_check" CHECK ("choir_reminder_settings"."days" between 1 and 14),
	CONSTRAINT "choir_reminder_settings_language_check" CHECK ("choir_reminder_settings"."language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_outs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choir_reminder_settings" ADD CONSTRAINT "choir_reminder_settings_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ADD CONSTRAINT "reminder_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_reminders_choir_sent_idx" ON "availability_reminders" USING btree ("choir_id","sent_at");--> statement-breakpoint
CREATE INDEX "availability_reminders_user_idx" ON "availability_reminders" USING btree ("user_id");