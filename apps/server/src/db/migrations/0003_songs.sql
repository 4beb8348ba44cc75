CREATE TABLE "song_choirs" (
	"song_id" uuid NOT NULL,
	"choir_id" uuid NOT NULL,
	CONSTRAINT "song_choirs_song_id_choir_id_pk" PRIMARY KEY("song_id","choir_id")
);
--> statement-breakpoint
CREATE TABLE "song_tags" (
	"song_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "song_tags_song_id_tag_id_pk" PRIMARY KEY("song_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"artist" text,
	"content" text NOT NULL,
	"audio_url" text,
	"visibility" smallint DEFAULT 0 NOT NULL,
	"creator_id" uuid NOT NULL,
	"base_song_id" uuid,
	"version_choir_id" uuid,
	"tags_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title_norm" text GENERATED ALWAYS AS (lower(choir_unaccent(title))) STORED,
	"artist_norm" text GENERATED ALWAYS AS (lower(choir_unaccent(coalesce(artist, '')))) STORED,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, choir_unaccent(title)), 'A')
        || setweight(to_tsvector('simple'::regconfig, choir_unaccent(coalesce(artist, ''))), 'B')
        || setweight(to_tsvector('simple'::regconfig, choir_unaccent(tags_text)), 'B')
        || setweight(to_tsvector('simple'::regconfig, choir_unaccent(choir_lyrics(content))), 'C')) STORED,
	CONSTRAINT "songs_visibility_check" CHECK ("songs"."visibility" in (0, 1, 2)),
	CONSTRAINT "songs_version_check" CHECK (("songs"."base_song_id" is null) or ("songs"."version_choir_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "song_choirs" ADD CONSTRAINT "song_choirs_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_choirs" ADD CONSTRAINT "song_choirs_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_tags" ADD CONSTRAINT "song_tags_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_tags" ADD CONSTRAINT "song_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_base_song_id_songs_id_fk" FOREIGN KEY ("base_song_id") REFERENCES "public"."songs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_version_choir_id_choirs_id_fk" FOREIGN KEY ("version_choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_choirs_choir_idx" ON "song_choirs" USING btree ("choir_id");--> statement-breakpoint
CREATE INDEX "song_tags_tag_idx" ON "song_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "songs_creator_idx" ON "songs" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "songs_base_idx" ON "songs" USING btree ("base_song_id");--> statement-breakpoint
CREATE INDEX "songs_version_choir_idx" ON "songs" USING btree ("version_choir_id");--> statement-breakpoint
CREATE INDEX "songs_public_idx" ON "songs" USING btree ("visibility") WHERE "songs"."visibility" = 1;--> statement-breakpoint
CREATE INDEX "songs_search_idx" ON "songs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "songs_title_trgm_idx" ON "songs" USING gin ("title_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "songs_artist_trgm_idx" ON "songs" USING gin ("artist_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "songs_title_sort_idx" ON "songs" USING btree ("title_norm","id");--> statement-breakpoint
CREATE UNIQUE INDEX "songs_version_per_choir_key" ON "songs" USING btree ("base_song_id","version_choir_id") WHERE "songs"."base_song_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_key" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tags_name_trgm_idx" ON "tags" USING gin (lower("name") gin_trgm_ops);