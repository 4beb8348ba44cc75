/**
 * Playlists: a choir's services, several a date.
 *
 * Fields and routes added for the list of services and the one playlist screen (decisions 0097, 0098, 0099):
 * - Playlist: `time` ("HH:mm", 24 h, or null), `leader` ({id, name} of the member who leads the service, or null;
 *   set with `leaderId` — not sing mode's leader, see PlaylistLead), `songCount` (entries in all sections).
 * - PlaylistEntry: `note` (plain text ≤ 200, or null), `originalId` and `choirVersionId` (the entry's song family in
 *   the playlist's choir: switch in place between them), `choirKey` (the choir's version's `{key}`).
 * - CreatePlaylist / UpdatePlaylist: `time`, `leaderId`; UpdatePlaylist also `date`. Layout entries carry `note`.
 * - AddPlaylistSong: `key`, `note` (with `sectionId` and `order`: an undone removal is the same add).
 * - `PATCH /api/playlists/{id}/songs/{songOrEntryId}` UpdatePlaylistEntry {key?, note?, songId?} (songId: switch
 *   between the original and the choir's version in place, keeping key, note and position; 422 otherwise).
 * - `PATCH /api/playlists/{id}/sections/{sectionId}` RenamePlaylistSection {title}.
 * - `GET /api/choirs/{id}/playlists` ChoirPlaylistsQuery: `when` (upcoming | past), `from`, `to`, `today`.
 * - `GET /api/choirs/{id}/playlist-dates?from=&to=` → PlaylistDates [{date, count}] (the calendar's marks).
 */
import { z } from "zod";
import { PLAYLIST_LIMITS } from "./limits.js";
import { PLAYLIST_MESSAGES } from "./messages.js";
import { Paging } from "./paging.js";

/** A real calendar date, yyyy-MM-dd. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (yyyy-MM-dd)")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "must be a date (yyyy-MM-dd)");

/**
 * A playlist's date as sent: yyyy-MM-dd, or an ISO date-time whose date part (as written, no time-zone shift) is
 * taken, since the spec calls the create payload's date "a date value".
 */
export const PlaylistDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "must be a date (yyyy-MM-dd)")
  .transform((value) => value.slice(0, 10))
  .pipe(IsoDate);

/**
 * A service's time of day, 24 h: "HH:mm" (an hour of one digit, "9:30", is taken as "09:30"); null or blank: none.
 */
export const PlaylistTime = z.union([
  z.null(),
  z
    .string()
    .trim()
    .regex(/^(([01]?\d|2[0-3]):[0-5]\d)?$/, "must be a time of day (HH:mm, 24 h)")
    .transform((value) => (value ? value.padStart(5, "0") : null)),
]);

/** An entry's note ("capo 2", "soloist: Ana"): plain text, trimmed, at most 200 characters; blank or null clears it. */
export const EntryNote = z.union([
  z.null(),
  z
    .string()
    .trim()
    .max(PLAYLIST_LIMITS.noteMax)
    .transform((value) => value || null),
]);

/** A key such as G, Bb, F#m: the key a playlist entry is sung in. */
export const MusicalKey = z
  .string()
  .trim()
  .regex(/^[A-G][#b]?m?$/, "must be a key such as G, Bb or F#m");

/** An entry's key: a key, or null / blank to clear it. */
export const EntryKey = z.union([z.literal("").transform(() => null), z.null(), MusicalKey]);

export const PlaylistSong = z
  .object({
    songId: z.uuid(),
    title: z.string(),
    artist: z.string().nullable(),
    /** The song's own key, from its ChordPro `{key: …}`. */
    key: z.string().nullable(),
    /** Seconds, from its ChordPro `{duration: …}` (seconds or m:ss). */
    duration: z.number().int().nullable(),
  })
  .meta({ id: "PlaylistSong" });
export type PlaylistSong = z.infer<typeof PlaylistSong>;

export const PlaylistEntry = z
  .object({
    /** The entry's id. */
    id: z.uuid(),
    songId: z.uuid(),
    order: z.number().int(),
    /** The key this entry is sung in, or null for the song's own. */
    key: z.string().nullable(),
    /** The entry's note for this service ("capo 2", "soloist: Ana"), plain text, or null. */
    note: z.string().nullable(),
    /**
     * The original (library) song of this entry's song in the playlist's choir: the song the choir's version was made
     * from when the entry holds that version, else the entry's song itself; null when the reader may not read it.
     */
    originalId: z.uuid().nullable(),
    /**
     * The playlist's choir's version of the entry's song (the entry's song itself when it is that version), or null
     * when the choir has none. Both set and different: the entry can switch in place (PATCH with `songId`). The
     * choir's tracks are read with `GET /api/songs/{songId}/tracks?choirId=` whichever of the two the entry holds.
     */
    choirVersionId: z.uuid().nullable(),
    /** The `{key}` of the choir's version, when there is one and the entry holds the original; else null. */
    choirKey: z.string().nullable(),
    /** null when the reader may not see the song (another member's private song): shown as an unknown song. */
    song: PlaylistSong.nullable(),
  })
  .meta({ id: "PlaylistEntry" });
export type PlaylistEntry = z.infer<typeof PlaylistEntry>;

export const PlaylistSection = z
  .object({ id: z.uuid(), title: z.string(), order: z.number().int(), songs: z.array(PlaylistEntry) })
  .meta({ id: "PlaylistSection" });
export type PlaylistSection = z.infer<typeof PlaylistSection>;

export const Playlist = z
  .object({
    id: z.uuid(),
    choirId: z.uuid(),
    date: z.string().describe("yyyy-MM-dd"),
    title: z.string().nullable(),
    /** The service's time of day, "HH:mm" (24 h), or null. */
    time: z.string().nullable(),
    /**
     * The member who leads the service (set by editors with `leaderId`), or null; null too once they left the choir.
     * Not sing mode's leader (PlaylistLead).
     */
    leader: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    /** How many songs the playlist holds (all sections). */
    songCount: z.number().int(),
    isPublic: z.boolean(),
    playlistTemplateId: z.uuid().nullable(),
    template: z.object({ id: z.uuid(), title: z.string() }).nullable(),
    sections: z.array(PlaylistSection),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Playlist" });
export type Playlist = z.infer<typeof Playlist>;

const playlistTitle = z
  .string()
  .trim()
  .max(PLAYLIST_LIMITS.titleMax)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));
const sectionTitle = z.string().trim().min(1).max(PLAYLIST_LIMITS.sectionTitleMax);
const position = z.number().int().min(0).max(10_000);

/** Sorts by `order` when given, else keeps list order; the server renumbers 0..n-1. */
function byOrder<T extends { order?: number | undefined }>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, rank: item.order ?? index, index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

const entryInput = z.object({
  songId: z.uuid(),
  order: position.optional(),
  key: EntryKey.optional(),
  note: EntryNote.optional(),
});
const sectionInput = z.object({
  id: z.uuid().optional(),
  title: sectionTitle,
  order: position.optional(),
  songs: z
    .array(entryInput)
    .max(PLAYLIST_LIMITS.songsMax)
    .default([])
    .transform((songs) => byOrder(songs)),
});
const sectionList = z
  .array(sectionInput)
  .max(PLAYLIST_LIMITS.sectionsMax)
  .transform((sections) => byOrder(sections))
  .refine(
    (sections) =>
      sections.reduce((sum, section) => sum + section.songs.length, 0) <= PLAYLIST_LIMITS.songsMax,
    PLAYLIST_MESSAGES.tooManySongs,
  );

/**
 * A new playlist (a date may hold several). `sections` omitted: the template's sections, empty; given (even empty):
 * exactly those. `leaderId`: a member of the choir (400 otherwise).
 */
export const CreatePlaylist = z
  .object({
    choirId: z.uuid(),
    date: PlaylistDate,
    title: playlistTitle,
    time: PlaylistTime.optional(),
    leaderId: z.uuid().nullish(),
    isPublic: z.boolean().default(false),
    playlistTemplateId: z.uuid().nullish(),
    sections: sectionList.optional(),
  })
  .meta({ id: "CreatePlaylist" });
export type CreatePlaylist = z.input<typeof CreatePlaylist>;

/**
 * Edit a playlist; a field omitted is kept (null clears `title`, `time`, `leaderId`). `sections` replaces the layout: a
 * section with an `id` of this playlist is kept (and renamed, reordered), one without is new; entries of songs already
 * in the playlist keep their id, key and note (unless `key` / `note` is given).
 */
export const UpdatePlaylist = z
  .object({
    title: playlistTitle,
    date: PlaylistDate.optional(),
    time: PlaylistTime.optional(),
    leaderId: z.uuid().nullish(),
    isPublic: z.boolean().optional(),
    playlistTemplateId: z.uuid().nullish(),
    sections: sectionList.optional(),
  })
  .meta({ id: "UpdatePlaylist" });
export type UpdatePlaylist = z.input<typeof UpdatePlaylist>;

/**
 * Adds a song at the end of a section (the first section when none is named; position `order` when given), with its
 * key and note when given: undoing a removal adds the entry back so, with the section, order, key and note it had.
 */
export const AddPlaylistSong = z
  .object({
    songId: z.uuid(),
    sectionId: z.uuid().optional(),
    order: position.optional(),
    key: EntryKey.optional(),
    note: EntryNote.optional(),
  })
  .meta({ id: "AddPlaylistSong" });
export type AddPlaylistSong = z.input<typeof AddPlaylistSong>;

/**
 * Moves an entry to `toSectionId` (also spelled `sectionId`) at position `order` (the end when omitted);
 * `fromSectionId`, when given, must be where the song is now. Same section with an order: a reorder.
 */
export const MovePlaylistSong = z
  .object({
    fromSectionId: z.uuid().optional(),
    toSectionId: z.uuid().optional(),
    sectionId: z.uuid().optional(),
    order: position.optional(),
  })
  .refine((v) => v.toSectionId ?? v.sectionId, {
    message: "toSectionId is required",
    path: ["toSectionId"],
  })
  .transform((v) => ({
    fromSectionId: v.fromSectionId,
    toSectionId: (v.toSectionId ?? v.sectionId) as string,
    order: v.order,
  }))
  .meta({ id: "MovePlaylistSong" });
export type MovePlaylistSong = z.input<typeof MovePlaylistSong>;

export const SetEntryKey = z.object({ key: EntryKey }).meta({ id: "SetEntryKey" });
export type SetEntryKey = z.input<typeof SetEntryKey>;

/**
 * Changes an entry in place (`PATCH /api/playlists/{id}/songs/{songOrEntryId}`); a field omitted is kept, at least one
 * is given. `songId`: switch between the original and the playlist's choir's version of it (`originalId` /
 * `choirVersionId` of the entry), keeping the entry's id, key, note and position; any other song → 422
 * `not_a_choir_version`, a song already in the playlist → 409, a song the caller may not read → 404.
 */
export const UpdatePlaylistEntry = z
  .object({ key: EntryKey.optional(), note: EntryNote.optional(), songId: z.uuid().optional() })
  .refine((v) => v.key !== undefined || v.note !== undefined || v.songId !== undefined, {
    message: "give key, note or songId",
  })
  .meta({ id: "UpdatePlaylistEntry" });
export type UpdatePlaylistEntry = z.input<typeof UpdatePlaylistEntry>;

/** Renames a section in place (`PATCH /api/playlists/{id}/sections/{sectionId}`). */
export const RenamePlaylistSection = z.object({ title: sectionTitle }).meta({ id: "RenamePlaylistSection" });
export type RenamePlaylistSection = z.input<typeof RenamePlaylistSection>;

export const PlaylistListQuery = z.object({ _t: z.string().max(50).optional() });

/**
 * A page of a choir's playlists: `skip`/`take` as every list; `from` / `to` (yyyy-MM-dd, inclusive) bound the dates.
 * Without `when`: by date, oldest first; within a date by time, playlists without a time first, then by creation
 * (so `?from=D&take=1` finds the first playlist of day D). `when=upcoming`: dated `today` or later, the soonest first
 * (the same order); `when=past`: dated before `today`, the most recent first (a date's latest time first). `today`
 * (yyyy-MM-dd): the reader's today, the server's (UTC) when omitted.
 */
export const ChoirPlaylistsQuery = Paging.extend({
  when: z.enum(["upcoming", "past"]).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  today: IsoDate.optional(),
  _t: z.string().max(50).optional(),
});
export type ChoirPlaylistsQuery = z.input<typeof ChoirPlaylistsQuery>;

/** The days from `from` to `to` (inclusive, yyyy-MM-dd, at most 366 days) that have playlists of the choir. */
export const PlaylistDatesQuery = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((v) => v.to >= v.from, { message: "must not be before from", path: ["to"] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < PLAYLIST_LIMITS.datesRangeDaysMax, {
    message: `must be at most ${PLAYLIST_LIMITS.datesRangeDaysMax} days after from`,
    path: ["to"],
  });
export type PlaylistDatesQuery = z.input<typeof PlaylistDatesQuery>;

/** `GET /api/choirs/{id}/playlist-dates`: each day that has playlists, by date, with how many (members). */
export const PlaylistDates = z
  .array(z.object({ date: z.string().describe("yyyy-MM-dd"), count: z.number().int() }))
  .meta({ id: "PlaylistDates" });
export type PlaylistDates = z.infer<typeof PlaylistDates>;

export const LastSungQuery = z.object({
  /** The last day counted (yyyy-MM-dd, inclusive); today (UTC) when omitted. */
  until: IsoDate.optional(),
  /**
   * `song` (the default): playlists holding this very song, up to `until`. `family`: playlists holding the song, the
   * song it was made from or any choir version of that, dated before today (and up to `until`), each once; the days
   * the song's history counts (its `lastSung` is the first of them).
   */
  scope: z.enum(["song", "family"]).default("song"),
  take: z.coerce
    .number()
    .int()
    .min(1)
    .max(PLAYLIST_LIMITS.lastSungMax)
    .default(PLAYLIST_LIMITS.lastSungDefault),
});

/** The latest playlists of a choir holding a song, newest first. */
export const LastSung = z
  .array(z.object({ playlistId: z.uuid(), date: z.string(), title: z.string().nullable() }))
  .meta({ id: "LastSung" });
export type LastSung = z.infer<typeof LastSung>;

/**
 * What a shared link shows of a playlist (GET /api/playlists/{id}/share): the songs its songbook prints, in order by
 * section, without their texts. Open to the same readers as the songbook.
 */
export const SharedPlaylist = z
  .object({
    id: z.uuid(),
    title: z.string().nullable(),
    date: z.string().describe("yyyy-MM-dd"),
    /** The service's time of day, "HH:mm" (24 h), or null. */
    time: z.string().nullable().default(null),
    /** The name of the member who leads the service, or null. */
    leader: z.string().nullable().default(null),
    choirName: z.string(),
    isPublic: z.boolean(),
    sections: z.array(
      z.object({
        title: z.string(),
        songs: z.array(
          z.object({
            title: z.string(),
            artist: z.string().nullable(),
            /** The key the choir sings it in, when set on the entry. */
            key: z.string().nullable(),
            /** The entry's note ("capo 2", "second verse only"), plain text, or null. */
            note: z.string().nullable().default(null),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "SharedPlaylist" });
export type SharedPlaylist = z.infer<typeof SharedPlaylist>;

/**
 * Who leads a playlist's sing mode and where they are: the entry on their screen and how far down it they read
 * (0 its start, 1 its end); `leader` null when no one leads. `followers`: members following now. `isFollowing`: whether
 * the reader follows. The live stream's `ready` and `lead` events carry the same fields (without `isFollowing`).
 */
export const PlaylistLead = z
  .object({
    leader: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    entryId: z.uuid().nullable(),
    position: z.number().min(0).max(1),
    followers: z.number().int().min(0),
    isFollowing: z.boolean(),
  })
  .meta({ id: "PlaylistLead" });
export type PlaylistLead = z.infer<typeof PlaylistLead>;

/** The leader's place: the entry on their screen and how far down it (0–1). */
export const LeadPlace = z
  .object({
    entryId: z.uuid(),
    position: z.number().min(0).max(1).default(0),
  })
  .meta({ id: "LeadPlace" });
export type LeadPlace = z.input<typeof LeadPlace>;
