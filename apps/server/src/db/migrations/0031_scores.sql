CREATE TABLE "score_markings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"score_id" uuid NOT NULL,
	"choir_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"part" text,
	"page" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_markings_scope_check" CHECK ("score_markings"."scope" in ('private', 'part', 'choir')),
	CONSTRAINT "score_markings_kind_check" CHECK ("score_markings"."kind" in ('ink', 'text', 'highlight')),
	CONSTRAINT "score_markings_part_check" CHECK (("score_markings"."scope" = 'part') = ("score_markings"."part" is not null) and char_length("score_markings"."part") between 1 and 40),
	CONSTRAINT "score_markings_page_check" CHECK ("score_markings"."page" between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "song_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"part" text,
	"label" text,
	"pages" integer NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_scores_storage_key_key" UNIQUE("storage_key"),
	CONSTRAINT "song_scores_part_check" CHECK (char_length("song_scores"."part") between 1 and 40),
	CONSTRAINT "song_scores_label_check" CHECK (char_length("song_scores"."label") between 1 and 100),
	CONSTRAINT "song_scores_pages_check" CHECK ("song_scores"."pages" between 1 and 200),
	CONSTRAINT "song_scores_size_check" CHECK ("song_scores"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "score_markings" ADD CONSTRAINT "score_markings_score_id_song_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."song_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_markings" ADD CONSTRAINT "score_markings_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_markings" ADD CONSTRAINT "score_markings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_scores" ADD CONSTRAINT "song_scores_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_scores" ADD CONSTRAINT "song_scores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_markings_score_choir_idx" ON "score_markings" USING btree ("score_id","choir_id");--> statement-breakpoint
CREATE INDEX "score_markings_author_idx" ON "score_markings" USING btree ("author_id","score_id");--> statement-breakpoint
CREATE INDEX "song_scores_song_idx" ON "song_scores" USING btree ("song_id","created_at");--> statement-breakpoint
CREATE INDEX "song_scores_created_by_idx" ON "song_scores" USING btree ("created_by");--> statement-breakpoint
-- A deleted score's file is queued for removal like a track's, whatever deleted the row (its route, its song's or its
-- choir's deletion); the same sweeper removes it (features/tracks/sweeper.ts).
CREATE TRIGGER song_scores_queue_deletion AFTER DELETE ON song_scores
  FOR EACH ROW EXECUTE FUNCTION choir_queue_track_deletion();--> statement-breakpoint
-- Scores count against the same storage quotas as tracks.
CREATE OR REPLACE VIEW stored_files AS
  SELECT 'track'::text AS kind, t.id, t.song_id, t.created_by AS uploader_id, s.version_choir_id AS choir_id,
    t.size AS bytes
  FROM song_tracks t JOIN songs s ON s.id = t.song_id
  WHERE t.storage_key IS NOT NULL
  UNION ALL
  SELECT 'score'::text AS kind, c.id, c.song_id, c.created_by AS uploader_id, s.version_choir_id AS choir_id,
    c.size AS bytes
  FROM song_scores c JOIN songs s ON s.id = c.song_id;
