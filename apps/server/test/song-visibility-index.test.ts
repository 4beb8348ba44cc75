import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choirMembers, choirs, songChoirs, songs, users } from "../src/db/schema/index.js";
import { type IndexQuery, SongIndex } from "../src/features/search/song-index.js";
import { songColumnsOf, songVisible } from "../src/features/songs/policy.js";
import { createTestApp, type TestContext } from "./helpers.js";

/**
 * The in-memory search index decides in memory who sees a song; the rest of the server asks the one SQL condition
 * of features/songs/policy.ts (`songVisible`). For generated people, choirs, memberships and songs (every visibility,
 * shared with any choirs, choir versions), the index must let each reader see exactly the songs the SQL predicate
 * lets them see: with no filter (the index's lists of songs not public to all) and with each filter (its per-song
 * check).
 */
describe("the search index's visibility rule is the SQL predicate's", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const PEOPLE = 4;
  const CHOIRS = 3;
  const universe = fc.record({
    memberships: fc.array(fc.array(fc.boolean(), { minLength: CHOIRS, maxLength: CHOIRS }), {
      minLength: PEOPLE,
      maxLength: PEOPLE,
    }),
    songs: fc.array(
      fc.record({
        visibility: fc.constantFrom(0, 1, 2),
        creator: fc.nat(PEOPLE - 1),
        shared: fc.subarray([0, 1, 2]),
        versionChoir: fc.option(fc.nat(CHOIRS - 1), { nil: null }),
      }),
      { minLength: 1, maxLength: 10 },
    ),
  });

  it("shows every reader the same songs, for generated worlds", async () => {
    const db = ctx.app.db;
    await fc.assert(
      fc.asyncProperty(universe, async (world) => {
        const people = Array.from({ length: PEOPLE }, () => randomUUID());
        const choirIds = Array.from({ length: CHOIRS }, () => randomUUID());
        await db.insert(users).values(people.map((id) => ({ id, email: `${id}@example.com` })));
        await db.insert(choirs).values(choirIds.map((id) => ({ id, name: `Visibility ${id}` })));
        const members = world.memberships.flatMap((row, person) =>
          row.flatMap((isMember, choir) =>
            isMember
              ? [{ choirId: choirIds[choir]!, userId: people[person]!, role: "ChoirMember" as const }]
              : [],
          ),
        );
        if (members.length > 0) await db.insert(choirMembers).values(members);
        const songIds = world.songs.map(() => randomUUID());
        await db.insert(songs).values(
          world.songs.map((song, n) => ({
            id: songIds[n]!,
            title: `Song ${n}`,
            content: `{title: Song ${n}}`,
            visibility: song.visibility,
            creatorId: people[song.creator]!,
            versionChoirId: song.versionChoir === null ? null : choirIds[song.versionChoir]!,
          })),
        );
        // Shared choirs are written whatever the visibility: only PublicChoirs songs may count them.
        const shared = world.songs.flatMap((song, n) =>
          song.shared.map((choir) => ({ songId: songIds[n]!, choirId: choirIds[choir]! })),
        );
        if (shared.length > 0) await db.insert(songChoirs).values(shared);

        const rows = (
          (await db.execute(sql`select song_id, visibility, creator_id, version_choir_id, choir_ids, title_norm
            from song_search where song_id = any(${sql.raw(`array['${songIds.join("','")}']::uuid[]`)})`)) as unknown as {
            rows: {
              song_id: string;
              visibility: number;
              creator_id: string;
              version_choir_id: string | null;
              choir_ids: string[] | null;
              title_norm: string;
            }[];
          }
        ).rows;
        expect(rows).toHaveLength(songIds.length);
        const index = new SongIndex();
        index.put(
          rows.map((row, n) => ({
            songId: row.song_id,
            visibility: row.visibility,
            creatorId: row.creator_id,
            versionChoirId: row.version_choir_id,
            choirIds: row.choir_ids,
            tagIds: null,
            titleNorm: row.title_norm,
            artistNorm: "",
            createdUs: 1_700_000_000_000_000 + n,
            words: [],
            head: [],
          })),
        );
        for (const reader of people) {
          const readerChoirs = members.filter((m) => m.userId === reader).map((m) => m.choirId);
          const query: IndexQuery = {
            callerId: reader,
            callerChoirIds: readerChoirs,
            words: [],
            termFolded: "",
            tagIdLists: [],
            sortBy: "title",
            ascending: true,
            skip: 0,
            take: 1000,
          };
          const visible = (
            (await db.execute(sql`select s.id, s.visibility from songs s
              where s.id = any(${sql.raw(`array['${songIds.join("','")}']::uuid[]`)})
                and ${songVisible(songColumnsOf("s"), sql`${reader}::uuid`)}`)) as unknown as {
              rows: { id: string; visibility: number }[];
            }
          ).rows;
          const sorted = (ids: string[]) => [...ids].sort();
          expect(sorted(index.search(query).songIds), "no filter").toEqual(
            sorted(visible.map((row) => row.id)),
          );
          for (const visibility of [0, 1, 2]) {
            expect(
              sorted(index.search({ ...query, visibility }).songIds),
              `visibility ${visibility}`,
            ).toEqual(sorted(visible.filter((row) => row.visibility === visibility).map((row) => row.id)));
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});
