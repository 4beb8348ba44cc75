/**
 * The load benchmark's mix as a choir uses the library (issue "capacity as people use it", item 3): what each person
 * may open (public songs, their own, their choir's shared songs and its versions), the songs they write and whose
 * tags they edit, searches never sent twice, the sing-mode readers' live streams, and the server's heap after a
 * forced collection at fixed points, judged by its trend.
 */
import http from "node:http";
import { type LiveReader, openReader } from "../live/streams.js";
import { type Corpus, writtenSong } from "../search/corpus.js";
import { type FreshShape, freshShapes } from "../search/fresh.js";

/** The songs a member of `choirId` may open: public, their own, shared with the choir, the choir's versions. */
export function songsSeenBy(corpus: Corpus, userId: string, choirId: string): string[] {
  return corpus.songs
    .filter(
      (song) =>
        song.visibility === 1 ||
        song.creatorId === userId ||
        (song.visibility === 2 && song.choirIds.includes(choirId)) ||
        song.versionChoirId === choirId,
    )
    .map((song) => song.id);
}

/** Searches as people send them, none twice in a run: each call the next query of a shape chosen by `roll`. */
export function freshSearches(corpus: Corpus): (roll: number) => string {
  const shapes: FreshShape[] = freshShapes(corpus, 20_261_206);
  return (roll) => `/api/songs/search?${shapes[Math.floor(roll * shapes.length)]!.next()}`;
}

/** A new song as a person writes it: the corpus's common words; private, public or shared with their choir. */
export function newSong(rng: () => number, n: number, choirId: string) {
  const song = writtenSong(rng, n);
  const roll = rng();
  return {
    ...song,
    tags: [pickTag(rng)],
    ...(roll < 0.5 ? { visibility: 2, visibleToChoirs: [choirId] } : { visibility: roll < 0.75 ? 1 : 0 }),
  };
}

const TAGS = [
  "Entrance",
  "Gloria",
  "Offertory",
  "Communion",
  "Recessional",
  "Advent",
  "Lent",
  "Easter",
  "Psalm",
];
const pickTag = (rng: () => number) => TAGS[Math.floor(rng() * TAGS.length)]!;

/** The same song with its tags changed (one added, or the first replaced), as an edit sends it back whole. */
export function withOtherTags(rng: () => number, song: { title: string; content: string; tags: string[] }) {
  const tag = pickTag(rng);
  const tags = song.tags.includes(tag)
    ? song.tags.filter((each) => each !== tag)
    : [...song.tags, tag].slice(-4);
  return { title: song.title, content: song.content, tags };
}

export interface Streams {
  opened: number;
  /** Events received (every change of a playlist reaches each of its open streams). */
  events(): number;
  /** Streams that ended without the benchmark closing them, with why. */
  lost: string[];
  close(): void;
}

/**
 * Opens one live stream for each of `readers` (a sing-mode reader of their choir's playlist) and waits until every
 * one is ready; events are counted, and a stream that ends is listed as lost.
 */
export async function openStreams(
  readers: { origin: string; token: string; playlistId: string }[],
): Promise<Streams> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: readers.length + 10 });
  let events = 0;
  const lost: string[] = [];
  const opened: LiveReader[] = readers.map((reader, index) =>
    openReader(
      agent,
      new URL(`${reader.origin}/api/playlists/${reader.playlistId}/events`),
      reader.token,
      index,
      {
        onEvent: () => {
          events++;
        },
        onLost: (_, reason) => lost.push(reason),
      },
    ),
  );
  await Promise.all(opened.map((reader) => reader.ready));
  return {
    opened: opened.length,
    events: () => events,
    lost,
    close() {
      for (const reader of opened) reader.close();
      agent.destroy();
    },
  };
}

/** Least-squares slope of `values` over `times` (per unit of time). */
export function slope(times: number[], values: number[]): number {
  const n = times.length;
  if (n < 2) return Number.NaN;
  const meanT = times.reduce((a, b) => a + b, 0) / n;
  const meanV = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (times[i]! - meanT) * (values[i]! - meanV);
    den += (times[i]! - meanT) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

/**
 * What the library itself costs the heap, measured in the run rather than assumed: the heap of a server that has just
 * read its song index and served nobody, at the start (the library as seeded) and at the end (a fresh server on the
 * library the run left), divided by the songs written between. A long-running server's heap grows by this much a
 * song however well it keeps its memory; anything beyond it is what the leak check looks for.
 */
export function libraryBytesPerSong(
  start: { bytes: number; songs: number },
  end: { bytes: number; songs: number },
): number {
  const added = end.songs - start.songs;
  if (added <= 0) return 0;
  return Math.max(0, (end.bytes - start.bytes) / added);
}

/**
 * The leak check with the library's growth told apart: each reading less what the songs it added cost
 * (`bytesPerSong`, from `libraryBytesPerSong`), judged by `heapTrend`. `songs` counts every new slot of the song index:
 * a song written, and a song changed (its old slot is kept until a compaction, when the dead are as many as the
 * living). A server that grows only by its songs trends flat; a leak of memory per call still climbs.
 */
export function heapTrendBeyondLibrary(
  readings: { atS: number; bytes: number; songs: number }[],
  bytesPerSong: number,
) {
  const first = readings[0]?.songs ?? 0;
  return heapTrend(
    readings.map((reading) => ({
      atS: reading.atS,
      bytes: reading.bytes - (reading.songs - first) * bytesPerSong,
    })),
  );
}

/**
 * The leak check: from the heap after a forced collection (V8's heap and array buffers) at fixed points of the run,
 * the second half's least-squares trend, as growth an hour against the heap. A leak grows the heap steadily however
 * the collector's cycles fall; caches filling up early level off before the second half.
 */
export function heapTrend(readings: { atS: number; bytes: number }[]) {
  const second = readings.slice(Math.floor(readings.length / 2));
  const perSecond = slope(
    second.map((reading) => reading.atS),
    second.map((reading) => reading.bytes),
  );
  const mean = second.reduce((sum, reading) => sum + reading.bytes, 0) / Math.max(1, second.length);
  return { perHour: perSecond * 3600, share: (perSecond * 3600) / mean, points: second.length, mean };
}
