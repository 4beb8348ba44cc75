// @vitest-environment node
import { SONG_LIMITS, SONG_MESSAGES, type Song } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../lib/api-client";
import {
  addTag,
  addTags,
  CHOIR_FILTER_THRESHOLD,
  CHOIR_SELECT_ALL_THRESHOLD,
  CREATE_CONTENT_ROWS,
  canEditSong,
  choirOptions,
  createFormValues,
  createSongBody,
  createVersionBody,
  defaultVersionChoir,
  EDIT_CONTENT_ROWS,
  emptySongForm,
  filterChoirs,
  findChoirVersion,
  hasDetailsChanged,
  hasSongChanged,
  hasVisibilityChanged,
  isSaveDisabled,
  isSongNotFound,
  isValidAudioUrl,
  isVersionExists,
  type SongFormValues,
  showsChoirFilter,
  showsSelectAll,
  songFailureMessage,
  songToFormValues,
  TAG_DROPDOWN_CLOSE_DELAY_MS,
  TAG_SUGGESTION_DEBOUNCE_MS,
  TAG_SUGGESTION_LIMIT,
  unchosenSuggestions,
  updateLanded,
  updateSongBody,
  validateSongValues,
  versionFormValues,
  visibilityBody,
} from "./song-form";

const CHOIR_A = "11111111-1111-4111-8111-111111111111";
const CHOIR_B = "22222222-2222-4222-8222-222222222222";
const USER = "33333333-3333-4333-8333-333333333333";

const song: Song = {
  songId: "44444444-4444-4444-8444-444444444444",
  title: "Amazing Grace",
  artist: null,
  content: "[G]Amazing [C]grace",
  audioUrl: "https://example.com/grace.mp3",
  visibility: 2,
  visibleToChoirs: [{ choirId: CHOIR_A, choirName: "Voices" }],
  tags: [{ tagId: "55555555-5555-4555-8555-555555555555", tagName: "Hymn" }],
  creatorId: USER,
  creatorName: "Ana",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  ccli: null,
  copyright: null,
  composer: null,
  lyricist: null,
  baseSongId: null,
};

const values = (overrides: Partial<SongFormValues> = {}): SongFormValues => ({
  ...songToFormValues(song),
  ...overrides,
});

describe("song form constants", () => {
  it("uses the spec's numbers", () => {
    expect(CREATE_CONTENT_ROWS).toBe(10);
    expect(EDIT_CONTENT_ROWS).toBe(12);
    expect(CHOIR_FILTER_THRESHOLD).toBe(5);
    expect(CHOIR_SELECT_ALL_THRESHOLD).toBe(3);
    expect(TAG_SUGGESTION_LIMIT).toBe(8);
    expect(TAG_SUGGESTION_DEBOUNCE_MS).toBe(300);
    expect(TAG_DROPDOWN_CLOSE_DELAY_MS).toBe(150);
  });
});

describe("form values and payloads", () => {
  it("reads a song into form values, a missing artist and audio link as empty text", () => {
    expect(songToFormValues({ ...song, audioUrl: null })).toEqual({
      title: "Amazing Grace",
      artist: "",
      content: "[G]Amazing [C]grace",
      audioUrl: "",
      visibility: 2,
      visibleToChoirs: [CHOIR_A],
      tags: ["Hymn"],
      composer: "",
      lyricist: "",
      copyright: "",
      ccli: "",
    });
  });

  it("sends a credit only when it changed: a new value trimmed, a cleared one as null", () => {
    const initial = values({ composer: "John Newton", ccli: "22025" });
    // Unchanged credits are left out, so a directive edited in the text itself stays as typed there.
    expect(updateSongBody(initial, initial)).not.toHaveProperty("composer");
    expect(updateSongBody({ ...initial, composer: " William Walker ", ccli: "" }, initial)).toMatchObject({
      composer: "William Walker",
      ccli: null,
    });
    expect(updateSongBody({ ...initial, ccli: "" }, initial)).not.toHaveProperty("lyricist");
    expect(hasDetailsChanged(initial, { ...initial, copyright: "Public domain" })).toBe(true);
    expect(hasDetailsChanged(initial, { ...initial, composer: "John Newton " })).toBe(false);
    // A new song sends the credits typed, and none when none are.
    const form = { ...emptySongForm(), title: "x", content: "y" };
    expect(createSongBody({ ...form, lyricist: "John Newton" })).toMatchObject({ lyricist: "John Newton" });
    expect(createSongBody(form)).not.toHaveProperty("lyricist");
  });

  it("refuses credits longer than the contract allows", () => {
    const form = { ...emptySongForm(), title: "x", content: "y" };
    expect(validateSongValues({ ...form, ccli: "1".repeat(SONG_LIMITS.ccliMax) })).toEqual({});
    expect(validateSongValues({ ...form, ccli: "1".repeat(SONG_LIMITS.ccliMax + 1) })).toEqual({
      ccli: { key: "validation.maxLength", values: { max: SONG_LIMITS.ccliMax } },
    });
    expect(
      validateSongValues({ ...form, copyright: "©".repeat(SONG_LIMITS.copyrightMax + 1) }),
    ).toHaveProperty("copyright");
  });

  it("starts a new song private, or shared with the choir it was created from", () => {
    const user = { choirs: [{ id: CHOIR_A, name: "Voices", role: "ChoirMember" as const, voicePart: null }] };
    expect(createFormValues(user, null)).toEqual(emptySongForm());
    expect(createFormValues(user, CHOIR_A)).toMatchObject({ visibility: 2, visibleToChoirs: [CHOIR_A] });
    // A choir the user is not in is ignored.
    expect(createFormValues(user, CHOIR_B)).toEqual(emptySongForm());
  });

  it("sends visibleToChoirs only with PublicChoirs and blank optional fields as null", () => {
    const form = { ...emptySongForm(), title: "  Song ", content: "text", visibleToChoirs: [CHOIR_A] };
    expect(createSongBody(form)).toEqual({
      title: "Song",
      artist: null,
      content: "text",
      audioUrl: null,
      visibility: 0,
    });
    expect(createSongBody({ ...form, visibility: 2, tags: ["a"], artist: " Bach " })).toEqual({
      title: "Song",
      artist: "Bach",
      content: "text",
      audioUrl: null,
      visibility: 2,
      visibleToChoirs: [CHOIR_A],
      tags: ["a"],
    });
  });

  it("creates with PublicChoirs and no choir chosen (creation does not block on it)", () => {
    const body = createSongBody({ ...emptySongForm(), title: "x", content: "y", visibility: 2 });
    expect(body.visibleToChoirs).toEqual([]);
    expect(validateSongValues({ ...emptySongForm(), title: "x", content: "y", visibility: 2 })).toEqual({});
  });

  it("updates title, artist, content, audio link and tags; visibility goes separately", () => {
    expect(updateSongBody(values({ tags: [] }))).toEqual({
      title: "Amazing Grace",
      artist: null,
      content: "[G]Amazing [C]grace",
      audioUrl: "https://example.com/grace.mp3",
      tags: [],
    });
    expect(visibilityBody(values())).toEqual({ visibility: 2, visibleToChoirs: [CHOIR_A] });
    expect(visibilityBody(values({ visibility: 1 }))).toEqual({ visibility: 1 });
  });

  it("starts a version shared with choirs, none chosen, copying content, audio link and tags", () => {
    const version = versionFormValues(song);
    expect(version).toMatchObject({
      visibility: 2,
      visibleToChoirs: [],
      content: song.content,
      audioUrl: song.audioUrl,
      tags: ["Hymn"],
    });
    expect(createVersionBody(version, CHOIR_B)).toEqual({
      choirId: CHOIR_B,
      content: song.content,
      audioUrl: song.audioUrl,
      visibility: 2,
      visibleToChoirs: [],
      tags: ["Hymn"],
    });
  });
});

describe("change detection", () => {
  const initial = values();

  it("sees no change in the untouched form, or in reordered tags and choirs", () => {
    expect(hasSongChanged(initial, values())).toBe(false);
    const many = values({ tags: ["a", "b"], visibleToChoirs: [CHOIR_A, CHOIR_B] });
    expect(hasSongChanged(many, values({ tags: ["B", "a"], visibleToChoirs: [CHOIR_B, CHOIR_A] }))).toBe(
      false,
    );
  });

  it.each<[string, Partial<SongFormValues>]>([
    ["title", { title: "Grace" }],
    ["artist", { artist: "Newton" }],
    ["content", { content: "[D]Amazing" }],
    ["audio URL", { audioUrl: "" }],
    ["visibility", { visibility: 1 }],
    ["tags", { tags: ["Hymn", "Easter"] }],
    ["choir set", { visibleToChoirs: [CHOIR_A, CHOIR_B] }],
  ])("sees a change of %s", (_, change) => {
    expect(hasSongChanged(initial, values(change))).toBe(true);
  });

  it("needs the visibility call only when the visibility or the choir set changed", () => {
    expect(hasVisibilityChanged(initial, values({ title: "Other" }))).toBe(false);
    expect(hasVisibilityChanged(initial, values({ visibility: 0 }))).toBe(true);
    expect(hasVisibilityChanged(initial, values({ visibleToChoirs: [CHOIR_B] }))).toBe(true);
    // Choirs left ticked under another visibility are not sent, so they are no change.
    const privateSong = values({ visibility: 0, visibleToChoirs: [] });
    expect(hasVisibilityChanged(privateSong, values({ visibility: 0, visibleToChoirs: [CHOIR_B] }))).toBe(
      false,
    );
  });

  it("disables Save while saving, without a choir under PublicChoirs, or with nothing changed", () => {
    const changed = values({ title: "New" });
    expect(isSaveDisabled({ isSaving: false, initial, current: changed })).toBe(false);
    expect(isSaveDisabled({ isSaving: true, initial, current: changed })).toBe(true);
    expect(isSaveDisabled({ isSaving: false, initial, current: initial })).toBe(true);
    expect(isSaveDisabled({ isSaving: false, initial, current: values({ visibleToChoirs: [] }) })).toBe(true);
  });
});

describe("validation", () => {
  const valid = { ...emptySongForm(), title: "Song", content: "[C]La" };

  it("requires a title and content; the artist is optional", () => {
    expect(validateSongValues(valid)).toEqual({});
    expect(validateSongValues({ ...valid, title: "  ", content: " \n " })).toEqual({
      title: { key: "songs.form.titleRequired" },
      content: { key: "songs.form.contentRequired" },
    });
    expect(validateSongValues({ ...valid, title: "" }, { requireTitle: false })).toEqual({});
  });

  it("keeps the contract's length limits", () => {
    const errors = validateSongValues({ ...valid, title: "x".repeat(SONG_LIMITS.titleMax + 1) });
    expect(errors.title).toEqual({ key: "validation.maxLength", values: { max: SONG_LIMITS.titleMax } });
  });

  it("accepts only http(s) audio links", () => {
    expect(isValidAudioUrl("")).toBe(true);
    expect(isValidAudioUrl("https://example.com/a.mp3")).toBe(true);
    expect(isValidAudioUrl("HTTP://example.com")).toBe(true);
    expect(isValidAudioUrl("ftp://example.com/a.mp3")).toBe(false);
    expect(isValidAudioUrl("javascript:alert(1)")).toBe(false);
    expect(isValidAudioUrl("example.com/a.mp3")).toBe(false);
    expect(isValidAudioUrl("https://exa mple.com")).toBe(false);
    expect(validateSongValues({ ...valid, audioUrl: "www.x.com" }).audioUrl).toEqual({
      key: "validation.url",
    });
  });
});

describe("tags", () => {
  it("adds a trimmed tag and ignores blanks and duplicates in any case", () => {
    expect(addTag(["Hymn"], "  Easter ")).toEqual({ tags: ["Hymn", "Easter"], problem: null });
    expect(addTag(["Hymn"], "hymn")).toEqual({ tags: ["Hymn"], problem: null });
    expect(addTag(["Hymn"], "   ")).toEqual({ tags: ["Hymn"], problem: null });
  });

  it("refuses an over-long tag and one tag too many", () => {
    expect(addTag([], "x".repeat(SONG_LIMITS.tagMax + 1)).problem).toBe("tooLong");
    const full = Array.from({ length: SONG_LIMITS.tagsPerSong }, (_, i) => `t${i}`);
    expect(addTag(full, "one more").problem).toBe("tooMany");
  });

  it("splits comma-separated text into tags", () => {
    expect(addTags(["a"], "b, c ,A,, d").tags).toEqual(["a", "b", "c", "d"]);
  });

  it("leaves out suggestions already chosen", () => {
    const suggestions = [
      { tagId: "1", tagName: "Hymn" },
      { tagId: "2", tagName: "Easter" },
    ];
    expect(unchosenSuggestions(suggestions, ["hymn"])).toEqual([{ tagId: "2", tagName: "Easter" }]);
  });
});

describe("choirs", () => {
  it("shows the filter above 5 choirs and select-all above 3", () => {
    expect([5, 6].map(showsChoirFilter)).toEqual([false, true]);
    expect([3, 4].map(showsSelectAll)).toEqual([false, true]);
  });

  it("filters by name, ignoring case and accents", () => {
    const choirs = [
      { id: "1", name: "Coro Santa Cecilia" },
      { id: "2", name: "Voces del Pacífico" },
    ];
    expect(filterChoirs(choirs, "pacifico").map((c) => c.id)).toEqual(["2"]);
    expect(filterChoirs(choirs, "  ")).toEqual(choirs);
  });

  it("offers the user's choirs plus any the song is already shared with", () => {
    expect(
      choirOptions(
        [{ id: CHOIR_A, name: "Voices" }],
        [
          { choirId: CHOIR_A, choirName: "Voices" },
          { choirId: CHOIR_B, choirName: "Old choir" },
        ],
      ),
    ).toEqual([
      { id: CHOIR_A, name: "Voices" },
      { id: CHOIR_B, name: "Old choir" },
    ]);
  });

  it("preselects the current choir for a version only when the user belongs to it", () => {
    const choirs = [{ id: CHOIR_A, name: "Voices", role: "ChoirMember" as const, voicePart: null }];
    expect(defaultVersionChoir({ choirId: CHOIR_A, choirs })).toBe(CHOIR_A);
    expect(defaultVersionChoir({ choirId: CHOIR_B, choirs })).toBe("");
    expect(defaultVersionChoir({ choirId: null, choirs })).toBe("");
  });

  it("finds the current choir's version by its base song", () => {
    const version = { ...song, songId: "v", baseSongId: song.songId };
    expect(findChoirVersion([song, version], song.songId)).toBe(version);
    expect(findChoirVersion([song], song.songId)).toBeUndefined();
    expect(findChoirVersion(undefined, song.songId)).toBeUndefined();
  });

  it("lets only the creator edit", () => {
    expect(canEditSong({ id: USER }, song)).toBe(true);
    expect(canEditSong({ id: CHOIR_A }, song)).toBe(false);
    expect(canEditSong(null, song)).toBe(false);
  });
});

describe("errors", () => {
  it("reads 'Song not found' and 404 as the not-found state", () => {
    expect(isSongNotFound(new ApiError(404, SONG_MESSAGES.notFound, "not_found"))).toBe(true);
    expect(isSongNotFound(new ApiError(500, "Server error", "error"))).toBe(false);
    expect(isSongNotFound(new NetworkError(new Error("offline")))).toBe(false);
  });

  it("recognises an existing version by 409", () => {
    expect(isVersionExists(new ApiError(409, SONG_MESSAGES.versionExists, "conflict"))).toBe(true);
    expect(isVersionExists(new ApiError(403, "Forbidden", "forbidden"))).toBe(false);
  });

  it("translates the contract's texts and keeps other server messages", () => {
    expect(songFailureMessage(new ApiError(409, SONG_MESSAGES.versionExists, "conflict"), "x")).toEqual({
      key: "songs.errors.versionExists",
    });
    expect(songFailureMessage(new ApiError(403, "No way", "forbidden"), "x")).toEqual({ text: "No way" });
    expect(
      songFailureMessage(new ApiError(500, "Server error", "error", [], { hasBodyMessage: false }), "x"),
    ).toEqual({ key: "x" });
    expect(songFailureMessage(new NetworkError(null), "x")).toEqual({ key: "errors.network" });
  });

  it("counts an unreadable update as saved when title and content match", () => {
    expect(updateLanded({ title: song.title, content: song.content }, song)).toBe(true);
    expect(updateLanded({ title: "Other", content: song.content }, song)).toBe(false);
  });
});
