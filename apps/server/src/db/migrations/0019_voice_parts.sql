ALTER TABLE "choir_members" ADD COLUMN "voice_part" text;--> statement-breakpoint
ALTER TABLE "choirs" ADD COLUMN "voice_parts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "choir_members" ADD CONSTRAINT "choir_members_voice_part_check" CHECK (char_length("choir_members"."voice_part") between 1 and 40);