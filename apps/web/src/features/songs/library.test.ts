// @vitest-environment node
import { SONG_LIMITS } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  canDeleteSong,
  choirContext,
  chunk,
  clearedFilters,
  combinePreviews,
  createSongPath,
  deletableIds,
  EMPTY_FILTERS,
  effectiveDirection,
  effectiveSort,
  hasActiveFilters,
  IMPORT_BATCH_MAX_CHARS,
  IMPORT_DATA_MAX_CHARS,
  IMPORT_FILE_MAX_CHARS,
  importBatches,
  importFileFromBytes,
  importProgress,
  isOverAllowance,
  type LibraryFilters,
  libraryParams,
  normalizedParams,
  PAGE_SIZE_DESKTOP,
  PAGE_SIZE_MOBILE,
  pageSizeForWidth,
  parseLibraryParams,
  searchQueryFor,
  songKey,
  songPath,
  splitExports,
  summarizeBulkDelete,
  summarizeImport,
  uniqueSongs,
} from "./library";

const CHOIR = { id: "5a4b1a7e-1111-4c3d-9e8f-000000000001", name: "St. Cecilia" };
const OTHER_CHOIR = "5a4b1a7e-1111-4c3d-9e8f-000000000999";
const ME = "5a4b1a7e-2222-4c3d-9e8f-000000000001";
const SOMEONE = "5a4b1a7e-2222-4c3d-9e8f-000000000002";

const filters = (overrides: Partial<LibraryFilters> = {}): LibraryFilters => ({
  ...EMPTY_FILTERS,
  ...overrides,
});

describe("page size", () => {
  it("is 16 below 768 px and 24 from 768 px on", () => {
    expect(pageSizeForWidth(390)).toBe(PAGE_SIZE_MOBILE);
    expect(pageSizeForWidth(767)).toBe(16);
    expect(pageSizeForWidth(768)).toBe(PAGE_SIZE_DESKTOP);
    expect(pageSizeForWidth(1280)).toBe(24);
  });
});

describe("query string and filters", () => {
  it("round-trips every filter through the query string", () => {
    const state = filters({
      q: "grace",
      tags: ["Easter", "Hymn"],
      mine: true,
      sort: "artist",
      dir: "desc",
      choirId: CHOIR.id,
      showAll: true,
    });
    const params = libraryParams(state);
    expect(params.getAll("tags")).toEqual(["Easter", "Hymn"]);
    expect(params.get("mine")).toBe("1");
    expect(parseLibraryParams(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it("writes nothing for the default state, so the plain library is /songs", () => {
    expect(libraryParams(EMPTY_FILTERS).toString()).toBe("");
    expect(parseLibraryParams(new URLSearchParams(""))).toEqual(EMPTY_FILTERS);
  });

  it("falls back to defaults for unknown sorts and directions and drops blank or repeated tags", () => {
    const parsed = parseLibraryParams(
      new URLSearchParams("sort=key&dir=up&tags=&tags=Hymn&tags=hymn&mine=yes"),
    );
    expect(parsed).toEqual(filters({ tags: ["Hymn"] }));
  });

  it("keeps parameters that are not the library's", () => {
    const params = libraryParams(filters({ q: "a" }), new URLSearchParams("q=old&x=1"));
    expect(params.toString()).toBe("x=1&q=a");
  });

  it("accepts true as well as 1 for the flags", () => {
    expect(parseLibraryParams(new URLSearchParams("mine=true&showAll=true"))).toMatchObject({
      mine: true,
      showAll: true,
    });
  });
});

describe("choir context and showAll", () => {
  it("is the user's choir named by choirId", () => {
    expect(choirContext({ choirId: CHOIR.id }, [CHOIR])).toEqual(CHOIR);
  });

  it("ignores a choirId that is not one of the user's choirs", () => {
    expect(choirContext({ choirId: OTHER_CHOIR }, [CHOIR])).toBeNull();
    expect(choirContext({ choirId: null }, [CHOIR])).toBeNull();
  });

  it("drops showAll without a choir context and keeps everything else", () => {
    expect(normalizedParams(new URLSearchParams("showAll=1&q=grace"), [CHOIR])?.toString()).toBe("q=grace");
    expect(
      normalizedParams(new URLSearchParams(`showAll=true&choirId=${OTHER_CHOIR}`), [CHOIR])?.toString(),
    ).toBe(`choirId=${OTHER_CHOIR}`);
  });

  it("leaves showAll in a choir context, and a query without showAll, untouched", () => {
    expect(normalizedParams(new URLSearchParams(`showAll=1&choirId=${CHOIR.id}`), [CHOIR])).toBeNull();
    expect(normalizedParams(new URLSearchParams("q=grace"), [CHOIR])).toBeNull();
  });
});

describe("sorting", () => {
  it("sorts by relevance only with a term, else by title", () => {
    expect(effectiveSort({ q: "grace", sort: null })).toBe("relevance");
    expect(effectiveSort({ q: "", sort: null })).toBe("title");
    expect(effectiveSort({ q: "  ", sort: "relevance" })).toBe("title");
    expect(effectiveSort({ q: "", sort: "createdAt" })).toBe("createdAt");
    expect(effectiveSort({ q: "", sort: "tags" })).toBe("tags");
  });

  it("defaults to best first and newest first, names A to Z", () => {
    expect(effectiveDirection({ q: "x", sort: null, dir: null })).toBe("desc");
    expect(effectiveDirection({ q: "", sort: "createdAt", dir: null })).toBe("desc");
    expect(effectiveDirection({ q: "", sort: "artist", dir: null })).toBe("asc");
    expect(effectiveDirection({ q: "", sort: "artist", dir: "desc" })).toBe("desc");
    expect(effectiveDirection({ q: "", sort: "tags", dir: null })).toBe("asc");
  });
});

describe("search query", () => {
  it("sends the term, every tag, mine and the page size", () => {
    expect(searchQueryFor(filters({ q: " grace ", tags: ["A", "B"], mine: true }), null, 16)).toEqual({
      searchTerm: "grace",
      tags: ["A", "B"],
      onlyUserCreated: true,
      sortBy: "relevance",
      sortDirection: "desc",
      take: 16,
    });
  });

  it("narrows to the choir in a choir context unless showAll is set", () => {
    expect(searchQueryFor(filters({ choirId: CHOIR.id }), CHOIR.id, 24).choirId).toBe(CHOIR.id);
    expect(
      searchQueryFor(filters({ choirId: CHOIR.id, showAll: true }), CHOIR.id, 24).choirId,
    ).toBeUndefined();
    expect(searchQueryFor(filters({ choirId: OTHER_CHOIR }), null, 24).choirId).toBeUndefined();
  });

  it("knows when filters narrow the list and clears them keeping the choir context", () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters({ sort: "artist" }))).toBe(false);
    expect(hasActiveFilters(filters({ tags: ["x"] }))).toBe(true);
    expect(clearedFilters(filters({ q: "a", mine: true, choirId: CHOIR.id, showAll: true }))).toEqual(
      filters({ choirId: CHOIR.id, showAll: true }),
    );
  });
});

describe("song links and details", () => {
  it("opens a song with the library's query string appended", () => {
    expect(songPath("abc", "?q=grace&tags=Hymn")).toBe("/songs/abc?q=grace&tags=Hymn");
    expect(songPath("abc", "")).toBe("/songs/abc");
  });

  it("presets the choir on the create page in a choir context", () => {
    expect(createSongPath(null)).toBe("/songs/create");
    expect(createSongPath(CHOIR.id)).toBe(`/songs/create?choirId=${CHOIR.id}`);
  });

  it("reads the key from a key directive", () => {
    expect(songKey("{title: A}\n{key: G}\n[G]La")).toBe("G");
    expect(songKey("{ KEY : F#m }")).toBe("F#m");
    expect(songKey("{meta: key Bb}")).toBe("Bb");
    expect(songKey("{title: No key}\n[C]La")).toBeNull();
  });

  it("lists a song once even when a later page repeats it", () => {
    const a = { songId: "a" };
    const b = { songId: "b" };
    expect(uniqueSongs([{ songs: [a, b] }, { songs: [b, { songId: "c" }] }]).map((s) => s.songId)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });
});

describe("bulk actions", () => {
  const songs = [
    { songId: "mine-1", creatorId: ME },
    { songId: "theirs", creatorId: SOMEONE },
    { songId: "mine-2", creatorId: ME },
  ];

  it("lets only the creator delete a song", () => {
    expect(canDeleteSong({ creatorId: ME }, ME)).toBe(true);
    expect(canDeleteSong({ creatorId: SOMEONE }, ME)).toBe(false);
    expect(canDeleteSong({ creatorId: ME }, null)).toBe(false);
  });

  it("deletes only the selected songs the user created", () => {
    expect(deletableIds(new Set(["mine-1", "theirs"]), songs, ME)).toEqual(["mine-1"]);
    expect(deletableIds(new Set(["theirs"]), songs, ME)).toEqual([]);
  });

  it("counts deleted and failed ids from the per-id results", () => {
    expect(
      summarizeBulkDelete({
        results: [
          { songId: "mine-1", deleted: true },
          { songId: "mine-2", deleted: false, error: "Song not found" },
        ],
      }),
    ).toEqual({ deleted: ["mine-1"], failed: [{ songId: "mine-2", error: "Song not found" }] });
  });

  it("splits ids into groups", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([]);
  });
});

describe("import", () => {
  const file = (name: string, length = 10) => ({ name, content: "x".repeat(length) });

  it("sends at most as many files a batch as the server takes, in order", () => {
    const files = Array.from({ length: 120 }, (_, i) => file(`f${i}.cho`));
    const { batches, tooLarge } = importBatches(files);
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(batches.flat().map((f) => f.name)).toEqual(files.map((f) => f.name));
    expect(tooLarge).toEqual([]);
  });

  it("keeps a batch within the songs one import creates", () => {
    const exports = [300, 150, 100, 1].map((songs, i) => ({ ...file(`e${i}.json`), songs }));
    const { batches } = importBatches(exports);
    expect(batches.map((batch) => batch.map((f) => f.name))).toEqual([
      ["e0.json", "e1.json"],
      ["e2.json", "e3.json"],
    ]);
  });

  it("cuts an export file too large for one request into parts the server takes, every song once, in order", () => {
    const songs = Array.from({ length: 1_234 }, (_, i) => ({
      title: `Song ${i}`,
      artist: null,
      content: `{title: Song ${i}}\n${"[C]la ".repeat(i % 7 === 0 ? 4_000 : 40)}`,
      tags: ["t"],
    }));
    const parts = splitExports([{ name: "library.json", content: JSON.stringify(songs) }, file("one.cho")]);
    const exported = parts.filter((part) => part.name.startsWith("library"));
    expect(exported.length).toBeGreaterThan(2);
    expect(exported.map((part) => part.name)).toEqual(exported.map((_, i) => `library-${i + 1}.json`));
    for (const part of exported) {
      const entries = JSON.parse(part.content ?? "") as unknown[];
      expect(part.songs).toBe(entries.length);
      expect(entries.length).toBeLessThanOrEqual(SONG_LIMITS.importSongsMax);
      expect(part.content?.length).toBeLessThanOrEqual(
        Math.min(IMPORT_FILE_MAX_CHARS, IMPORT_BATCH_MAX_CHARS),
      );
    }
    expect(exported.flatMap((part) => JSON.parse(part.content ?? ""))).toEqual(songs);
    expect(parts.at(-1)).toEqual(file("one.cho"));
    // Every batch of the parts fits the server: files, songs and text.
    for (const batch of importBatches(parts).batches) {
      expect(batch.reduce((n, f) => n + (f.songs ?? 1), 0)).toBeLessThanOrEqual(SONG_LIMITS.importSongsMax);
      expect(batch.reduce((n, f) => n + (f.content?.length ?? 0), 0)).toBeLessThanOrEqual(
        IMPORT_BATCH_MAX_CHARS,
      );
    }
  });

  it("sends an export file that fits as it is, and leaves what is not an export for the server", () => {
    const small = { name: "few.json", content: JSON.stringify([{ title: "A" }, { title: "B" }]) };
    expect(splitExports([small])).toEqual([{ ...small, songs: 2 }]);
    const broken = { name: "broken.json", content: "[{" };
    const object = { name: "object.json", content: "{}" };
    expect(splitExports([broken, object])).toEqual([broken, object]);
  });

  it("starts a new batch before the text would pass the size budget", () => {
    const { batches } = importBatches([file("a", 60), file("b", 50), file("c", 10)], 5, 100);
    expect(batches.map((batch) => batch.map((f) => f.name))).toEqual([["a"], ["b", "c"]]);
  });

  it("keeps a file too long for the server out of the batches", () => {
    const { batches, tooLarge } = importBatches([file("big", IMPORT_FILE_MAX_CHARS + 1), file("ok")]);
    expect(tooLarge.map((f) => f.name)).toEqual(["big"]);
    expect(batches).toEqual([[file("ok")]]);
  });

  it("sums imported songs and lists the files with errors", () => {
    expect(
      summarizeImport([
        { name: "a.json", songIds: ["1", "2"] },
        { name: "b.cho", songIds: [], error: { text: "content: must not be blank" } },
        { name: "c.pro", songIds: ["3"] },
      ]),
    ).toEqual({ imported: 3, failures: [{ name: "b.cho", error: { text: "content: must not be blank" } }] });
  });

  it("sends a zip and text that is not UTF-8 as bytes, and UTF-8 text as text", () => {
    const zip = new Uint8Array([0x50, 0x4b, 3, 4, 0, 255]);
    expect(importFileFromBytes("songs.zip", zip)).toEqual({ name: "songs.zip", data: "UEsDBAD/" });
    expect(importFileFromBytes("renamed.txt", zip).data).toBe("UEsDBAD/");
    expect(importFileFromBytes("grace.cho", new TextEncoder().encode("{title: Señor}"))).toEqual({
      name: "grace.cho",
      content: "{title: Señor}",
    });
    expect(importFileFromBytes("latin1.cho", new Uint8Array([0x53, 0x65, 0xf1, 0x6f, 0x72]))).toEqual({
      name: "latin1.cho",
      data: "U2Xxb3I=",
    });
  });

  it("keeps a zip too large for the server out of the batches, and counts bytes by their base64", () => {
    const big = { name: "big.zip", data: "A".repeat(IMPORT_DATA_MAX_CHARS + 4) };
    const fits = { name: "fits.zip", data: "A".repeat(IMPORT_DATA_MAX_CHARS) };
    const { batches, tooLarge } = importBatches([big, fits, file("a.cho")], 50, 1000);
    expect(tooLarge).toEqual([big]);
    expect(batches).toEqual([[fits], [file("a.cho")]]);
  });

  it("puts the batches' previews together: songs in order, problems translated by their code", () => {
    const song = (file: string) => ({
      file,
      title: file,
      artist: null,
      key: null,
      sections: 1,
      format: "chordpro" as const,
    });
    const summary = combinePreviews(
      [
        {
          files: [file("a.cho")],
          preview: { songs: [song("a.cho")], problems: [], digest: "d1", allowance: null },
        },
        {
          files: [file("b.xml")],
          preview: {
            songs: [],
            problems: [
              { file: "b.xml", line: 3, code: "xml_malformed", message: "The XML is not well formed: x" },
            ],
            digest: "d2",
            allowance: { limit: 10, left: 4 },
          },
        },
      ],
      [{ file: "c.pdf", message: { key: "songs.library.import.unreadable" } }],
    );
    expect(summary.songs.map((s) => s.file)).toEqual(["a.cho"]);
    expect(summary.batches).toEqual([
      { files: [file("a.cho")], digest: "d1", songCount: 1 },
      { files: [file("b.xml")], digest: "d2", songCount: 0 },
    ]);
    expect(summary.problems).toEqual([
      { file: "c.pdf", message: { key: "songs.library.import.unreadable" } },
      {
        file: "b.xml",
        line: 3,
        message: {
          key: "songs.library.import.problems.xml_malformed",
          values: { defaultValue: "The XML is not well formed: x" },
        },
      },
    ]);
    // The allowance is the fewest songs left any batch was told of; one song fits in four.
    expect(summary.allowance).toEqual({ limit: 10, left: 4 });
    expect(isOverAllowance(summary)).toBe(false);
    expect(isOverAllowance({ ...summary, allowance: { limit: 10, left: 0 } })).toBe(true);
    expect(isOverAllowance({ ...summary, allowance: null })).toBe(false);
    const three = combinePreviews(
      ["x", "y"].map((name, at) => ({
        files: [file(`${name}.cho`)],
        preview: {
          songs: [song(`${name}1.cho`), song(`${name}2.cho`)],
          problems: [],
          digest: name,
          allowance: { limit: 5, left: 3 - at },
        },
      })),
      [],
    );
    expect(three.allowance).toEqual({ limit: 5, left: 2 });
    expect(isOverAllowance(three)).toBe(true);
  });

  it("advances the progress per batch", () => {
    expect(importProgress(0, 4)).toBe(0);
    expect(importProgress(1, 4)).toBe(25);
    expect(importProgress(4, 4)).toBe(100);
    expect(importProgress(0, 0)).toBe(100);
  });
});
