import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { playlistEntries } from "../src/db/schema/index.js";
import { bearer, choirWithCast, createTestApp, type TestContext, type TestPerson } from "./helpers.js";

/**
 * An entry edit is one statement that writes only while the playlist is as its snapshot shows it; after a concurrent
 * edit it is made again the locking way. PostgreSQL only: a concurrent edit needs a second connection, which the
 * embedded database does not have.
 */
describe("an entry edit while another edit of the playlist is under way", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const call = (person: TestPerson, method: "POST" | "GET", url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: bearer(person.token), payload });

  /** The names of the prepared statements run from now to the end of the test. */
  function statementNames(): string[] {
    type Session = { prepareQuery: (...args: unknown[]) => unknown };
    const session = (ctx.app.db as unknown as { _: { session: Session } })._.session;
    const names: string[] = [];
    const original = session.prepareQuery.bind(session);
    const spy = vi.spyOn(session, "prepareQuery").mockImplementation((...args: unknown[]) => {
      if (typeof args[2] === "string") names.push(args[2]);
      return original(...args);
    });
    onTestFinished(() => spy.mockRestore());
    return names;
  }

  it("sees the other edit once it is committed, and keeps the section numbered 0..n-1", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const song = async (title: string) =>
      (
        await call(admin, "POST", "/api/songs", { title, content: `{title: ${title}}\n[G]La`, visibility: 1 })
      ).json().songId as string;
    const [a, b, c, late] = [
      await song("Alpha"),
      await song("Bravo"),
      await song("Charlie"),
      await song("Late"),
    ];
    const created = await call(admin, "POST", "/api/playlists", {
      choirId: choir.id,
      date: "2031-03-02",
      sections: [{ title: "One", songs: [{ songId: a }, { songId: b }] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const playlist = created.json() as { id: string; sections: { id: string }[] };
    const section = playlist.sections[0]!.id;

    // Another edit adds Charlie at the top: it holds the playlist's row until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let markTaken!: () => void;
    const taken = new Promise<void>((resolve) => {
      markTaken = resolve;
    });
    const other = ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`update playlists set updated_at = now() where id = ${playlist.id}::uuid`);
      await tx.execute(
        sql`update playlist_entries set position = position + 1 where section_id = ${section}::uuid`,
      );
      await tx.execute(sql`insert into playlist_entries (playlist_id, section_id, song_id, position)
        values (${playlist.id}::uuid, ${section}::uuid, ${c}::uuid, 0)`);
      markTaken();
      await held;
    });
    await taken;

    const names = statementNames();
    const transactions = vi.spyOn(ctx.app.db, "transaction");
    onTestFinished(() => transactions.mockRestore());
    const adding = call(admin, "POST", `/api/playlists/${playlist.id}/songs`, { songId: late });
    // The add waits for the other edit's lock.
    for (let i = 0; ; i++) {
      const waiting = await ctx.app.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      if ((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) break;
      expect(i, "the add never waited for the other edit").toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    await other;
    const added = await adding;
    expect(added.statusCode, added.body).toBe(201);

    // Written after the other edit, at the end: not where the snapshot before it would have put it.
    const rows = await ctx.app.db
      .select({ songId: playlistEntries.songId, position: playlistEntries.position })
      .from(playlistEntries)
      .where(eq(playlistEntries.sectionId, section));
    expect(Object.fromEntries(rows.map((row) => [row.songId, row.position]))).toEqual({
      [c]: 0,
      [a]: 1,
      [b]: 2,
      [late]: 3,
    });
    // The one statement first, which wrote nothing; then the locking way, in a transaction.
    expect(names).toContain("playlist_add_song");
    expect(transactions).toHaveBeenCalledTimes(1);
  });
});
