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

const entryInput = z.object({ songId: z.uuid(), order: position.optional(), key: EntryKey.optional() });
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
 * A new playlist. `sections` omitted: the template's sections, empty; given (even empty): exactly those.
 */
export const CreatePlaylist = z
  .object({
    choirId: z.uuid(),
    date: PlaylistDate,
    title: playlistTitle,
    isPublic: z.boolean().default(false),
    playlistTemplateId: z.uuid().nullish(),
    sections: sectionList.optional(),
  })
  .meta({ id: "CreatePlaylist" });
export type CreatePlaylist = z.input<typeof CreatePlaylist>;

/**
 * Edit a playlist; a field omitted is kept. `sections` replaces the layout: a section with an `id` of this
 * playlist is kept (and renamed, reordered), one without is new; entries of songs already in the playlist keep
 * their id and key (unless `key` is given).
 */
export const UpdatePlaylist = z
  .object({
    title: playlistTitle,
    isPublic: z.boolean().optional(),
    playlistTemplateId: z.uuid().nullish(),
    sections: sectionList.optional(),
  })
  .meta({ id: "UpdatePlaylist" });
export type UpdatePlaylist = z.input<typeof UpdatePlaylist>;

/** Adds a song at the end of a section (the first section when none is named; position `order` when given). */
export const AddPlaylistSong = z
  .object({ songId: z.uuid(), sectionId: z.uuid().optional(), order: position.optional() })
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

export const PlaylistListQuery = z.object({ _t: z.string().max(50).optional() });

/**
 * A page of a choir's playlists, by date (oldest first): `skip`/`take` as every list; `from` (yyyy-MM-dd) starts the
 * list at that day, so the day's playlist or the coming ones are one short page.
 */
export const ChoirPlaylistsQuery = Paging.extend({
  from: IsoDate.optional(),
  _t: z.string().max(50).optional(),
});
export type ChoirPlaylistsQuery = z.input<typeof ChoirPlaylistsQuery>;

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
