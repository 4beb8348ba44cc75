CREATE TABLE "song_readiness" (
	"choir_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_readiness_choir_id_user_id_song_id_pk" PRIMARY KEY("choir_id","user_id","song_id"),
	CONSTRAINT "song_readiness_status_check" CHECK ("song_readiness"."status" in ('learned', 'learning'))
);
--> statement-breakpoint
ALTER TABLE "song_readiness" ADD CONSTRAINT "song_readiness_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_readiness" ADD CONSTRAINT "song_readiness_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_readiness" ADD CONSTRAINT "song_readiness_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_readiness_choir_song_idx" ON "song_readiness" USING btree ("choir_id","song_id");--> statement-breakpoint
CREATE INDEX "song_readiness_user_idx" ON "song_readiness" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "song_readiness_song_idx" ON "song_readiness" USING btree ("song_id");