import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { VISIBILITY } from "@choir/contract";
import { eq, inArray, sql } from "drizzle-orm";
import { DEMO_USERS } from "../auth/local-sign-in.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { choirMembers, choirs, songs, users } from "../db/schema/index.js";
import { type ImportedSongFields, readImportFile } from "../features/songs/import.js";
import { insertSong, type Tx } from "../features/songs/service.js";

/**
 * Owner of the demo library. `.invalid` is reserved (RFC 2606): no identity provider can vouch for the address,
 * so nobody signs in as it except through the local development sign-in.
 */
export const LIBRARY_USER = { email: "library@choir.invalid", firstName: "Choir App", lastName: "Library" };

export const DEMO_CHOIR = {
  name: "St. Cecilia Choir",
  notes: "A demo choir created with the demo library: Ana directs it and Ben sings in it.",
};

const DEMO_SONGS_DIR = fileURLToPath(new URL("./demo-songs/", import.meta.url));

/** Arbitrary constant key: two seeders at once (two `npm run seed`) take turns instead of both inserting. */
const SEED_LOCK_KEY = 727_002;

/** The demo song files (ChordPro), sorted by name. */
export function demoSongFiles(): { name: string; content: string }[] {
  return readdirSync(DEMO_SONGS_DIR)
    .filter((name) => name.endsWith(".cho"))
    .sort()
    .map((name) => ({ name, content: readFileSync(`${DEMO_SONGS_DIR}${name}`, "utf8") }));
}

/** The demo songs read the way an import reads a song file: title, artist and tags from the directives. */
export function demoSongs(): ImportedSongFields[] {
  return demoSongFiles().flatMap((file) => readImportFile(file));
}

/**
 * The demo library loads on start only into the embedded database of a development server: never into
 * PostgreSQL (someone's real data) and never in production or tests, whose data must stay predictable.
 */
export function seedsOnStart(config: Pick<Config, "databaseUrl" | "env">): boolean {
  return !config.databaseUrl && config.env === "development";
}

export interface SeedOptions {
  /**
   * Also create the demo people Ana (director) and Ben (singer) and their choir. Only where the local sign-in
   * offers them; skipped when either of them already exists, so a real account is never changed.
   */
  demoChoir?: boolean;
}

export interface SeedSummary {
  libraryUserId: string;
  created: string[];
  skipped: string[];
  demoChoir: "created" | "exists" | "skipped" | "not asked";
}

async function findOrCreateUser(
  tx: Tx,
  person: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const byEmail = sql`lower(${users.email}) = lower(${person.email})`;
  const [existing] = await tx.select({ id: users.id }).from(users).where(byEmail);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(users)
    .values({ ...person, hasCompletedOnboarding: true })
    .returning({ id: users.id });
  return created!.id;
}

/** A demo person of the local sign-in page, signed up and onboarded into the demo choir. */
async function insertDemoPerson(
  tx: Tx,
  { email, firstName, lastName }: (typeof DEMO_USERS)[number],
  role: "ChoirAdmin" | "GeneralUser",
  choirId: string,
): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ email, firstName, lastName, role, hasCompletedOnboarding: true, currentChoirId: choirId })
    .returning({ id: users.id });
  return row!.id;
}

async function seedDemoChoir(tx: Tx): Promise<SeedSummary["demoChoir"]> {
  const [choir] = await tx
    .select({ id: choirs.id })
    .from(choirs)
    .where(sql`lower(${choirs.name}) = lower(${DEMO_CHOIR.name})`);
  if (choir) return "exists";
  const [ana, ben] = DEMO_USERS;
  if (!ana || !ben) return "skipped";
  const emails = [ana.email, ben.email].map((email) => email.toLowerCase());
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  if (people.length > 0) return "skipped";

  const [created] = await tx
    .insert(choirs)
    .values({ name: DEMO_CHOIR.name, notes: DEMO_CHOIR.notes })
    .returning({ id: choirs.id });
  const choirId = created!.id;
  const director = await insertDemoPerson(tx, ana, "ChoirAdmin", choirId);
  const singer = await insertDemoPerson(tx, ben, "GeneralUser", choirId);
  await tx.insert(choirMembers).values([
    { choirId, userId: director, role: "ChoirAdmin" },
    { choirId, userId: singer, role: "ChoirMember" },
  ]);
  return "created";
}

/**
 * Loads the demo library as PublicAll songs of the library user, skipping songs whose title that user already
 * has, all in one transaction; running it again adds nothing.
 */
export async function seedDemoLibrary(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const library = demoSongs();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const libraryUserId = await findOrCreateUser(tx, LIBRARY_USER);
    const existing = await tx
      .select({ title: songs.title })
      .from(songs)
      .where(eq(songs.creatorId, libraryUserId));
    const taken = new Set(existing.map((row) => row.title.toLocaleLowerCase()));
    const summary: SeedSummary = { libraryUserId, created: [], skipped: [], demoChoir: "not asked" };
    for (const song of library) {
      if (taken.has(song.title.toLocaleLowerCase())) {
        summary.skipped.push(song.title);
        continue;
      }
      await insertSong(tx, libraryUserId, {
        ...song,
        audioUrl: null,
        visibility: VISIBILITY.PublicAll,
        visibleToChoirs: [],
      });
      taken.add(song.title.toLocaleLowerCase());
      summary.created.push(song.title);
    }
    if (options.demoChoir) summary.demoChoir = await seedDemoChoir(tx);
    return summary;
  });
}

/** Seeds a database that holds no songs yet (a fresh embedded database); answers undefined otherwise. */
export async function seedEmptyDatabase(db: Db, options: SeedOptions = {}): Promise<SeedSummary | undefined> {
  const [any] = await db.select({ id: songs.id }).from(songs).limit(1);
  return any ? undefined : seedDemoLibrary(db, options);
}
