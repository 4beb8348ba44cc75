CREATE TABLE "playlist_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"playlist_id" uuid NOT NULL,
	"choir_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "playlist_events_playlist_idx" ON "playlist_events" USING btree ("playlist_id","id");--> statement-breakpoint
CREATE INDEX "playlist_events_created_idx" ON "playlist_events" USING btree ("created_at");