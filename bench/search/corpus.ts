/**
 * The generated library the search benchmark runs on: users, choirs, tags and songs in ChordPro, all derived from
 * one seed, so every run searches the same data. Words, artists, tags and creators follow Zipf-like frequencies:
 * a few are everywhere, most are rare.
 */

/** A small seeded generator: a Weyl sequence through a 32-bit integer hash, uniform in [0, 1). */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return ((z ^ (z >>> 15)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

const intBetween = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pickOne = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Draws items with probability proportional to 1 / rank^exponent (the first item is rank 1). */
export function zipf<T>(items: readonly T[], exponent: number) {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= items.length; rank++) {
    total += 1 / rank ** exponent;
    cumulative.push(total);
  }
  return (rng: Rng): T => {
    const target = rng() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return items[low]!;
  };
}

/** A version 4 UUID from the generator (deterministic, unlike crypto.randomUUID). */
function uuid(rng: Rng): string {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(rng() * 4294967296)
      .toString(16)
      .padStart(8, "0"),
  ).join("");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// ── Vocabulary ─────────────────────────────────────────────────────────────────────────────────────────────
// In order of frequency: function words first (in nearly every song), then content words from common to rare.

const SPANISH_FUNCTION = `de la el y que en a los las tu mi un una se por con para es me te nos su del al lo yo tú él más`;
const SPANISH_CONTENT = `señor amor dios vida luz paz corazón gloria cielo alegría canción santo aleluya padre
  tierra día noche mañana espíritu fe esperanza camino verdad pan vino agua fuego viento mar sol canto voz alma
  manos nombre reino pueblo gracia perdón jesús maría hijo madre estrella cantar alabar bendito siempre juntos
  hermanos está será quiero vamos nuevo grande feliz misericordia bendición oración salvación resurrección belén
  pastores ángel niño rey cruz cuerpo sangre caminar vivir nacer todos aquí también así cómo dónde cuándo montaña
  río ciudad corona trono altar templo iglesia mesa cáliz campana silencio lágrimas sueño despertar invierno
  primavera otoño verano nieve lluvia flores rosa lirio paloma cordero pastor oveja semilla cosecha trigo viña
  desierto maná promesa alianza profeta apóstol discípulo evangelio palabra misión testigo libertad justicia
  compasión ternura consuelo refugio fortaleza roca escudo victoria júbilo fiesta danza tambor guitarra armonía
  melodía cántico salmo himno jardín pájaro árbol año montañas compañía pequeño jamás después adiós razón pasión
  unión nación corazones caricia sendero horizonte amanecer atardecer océano relámpago trueno arcoíris rocío
  brisa incienso éxodo génesis sinaí jordán galilea nazaret jerusalén emaús caná betania`;
const ENGLISH_FUNCTION = `the and of to in you my your i we is our for with on me be all his he it are us`;
const ENGLISH_CONTENT = `lord love god light heart grace glory praise holy king heaven peace joy hope faith sing
  soul song voice name spirit life night day morning earth star shine come rise hallelujah amen forever always
  mercy blessing prayer kingdom shepherd lamb bread wine water fire river mountain world people children home
  road way truth cross crown throne angel angels christmas bethlehem manger child mother father son brother
  friend together wonder silent bright dark storm calm sea ocean wind rain snow winter spring summer harvest
  field garden tree flower rose dove wings fly free dance drum bells ring hosanna amazing wonderful stand hold
  hands eyes walk fall sorrow comfort refuge fortress rock shield victory promise covenant prophet gospel word
  mission witness freedom justice compassion tender whisper thunder rainbow dew breeze dawn sunset valley
  meadow lantern candle harbor anchor journey pilgrim jubilee chorus anthem psalm hymn café naïve fiancé`;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

interface Language {
  function: string[];
  content: string[];
  /** Lyrics: function and content words, Zipf over the whole list. */
  lyricWord: (rng: Rng) => string;
  /** Titles: mostly content words, flatter. */
  titleWord: (rng: Rng) => string;
}

function language(functionText: string, contentText: string): Language {
  const fn = words(functionText);
  const content = words(contentText);
  return {
    function: fn,
    content,
    lyricWord: zipf([...fn, ...content], 1),
    titleWord: zipf(content, 0.9),
  };
}

const SPANISH = language(SPANISH_FUNCTION, SPANISH_CONTENT);
const ENGLISH = language(ENGLISH_FUNCTION, ENGLISH_CONTENT);

/** The content words of lyrics and titles, each language's from most to least common. */
export const CONTENT_WORDS = { spanish: SPANISH.content, english: ENGLISH.content } as const;

/** The 60 most common content words of each language: what lyric searches ask and new songs are written with. */
export const COMMON_WORDS = [...CONTENT_WORDS.spanish.slice(0, 60), ...CONTENT_WORDS.english.slice(0, 60)];

/**
 * A song as a person writes one during a benchmark: a title of three common words and `n`, and a short chord sheet of
 * common words.
 */
export function writtenSong(rng: () => number, n: number): { title: string; content: string } {
  const some = (count: number) =>
    Array.from({ length: count }, () => COMMON_WORDS[Math.floor(rng() * COMMON_WORDS.length)]!).join(" ");
  const title = `${some(3)} ${n}`;
  return { title, content: `{title: ${title}}\n[C]${some(6)}\n[G]${some(6)}\n\n{c: Chorus}\n[F]${some(5)}` };
}

/** Made-up words that appear only in the titles of a handful of songs each. */
function rareWords(rng: Rng, count: number): string[] {
  const onsets = ["x", "qu", "z", "ch", "j", "gr", "bl", "tr", "v", "ñ"];
  const vowels = ["a", "e", "i", "o", "u", "a", "e", "o", "á", "é", "í", "ó"];
  const codas = ["", "", "", "n", "r", "s"];
  const seen = new Set<string>();
  const result: string[] = [];
  while (result.length < count) {
    let word = "";
    for (let s = 3; s > 0; s--) word += pickOne(rng, onsets) + pickOne(rng, vowels) + pickOne(rng, codas);
    const plain = word.normalize("NFD").replace(/\p{M}/gu, "");
    if (seen.has(plain)) continue;
    seen.add(plain);
    result.push(word);
  }
  return result;
}

// ── People, choirs, artists, tags ──────────────────────────────────────────────────────────────────────────

const FIRST_NAMES = words(`Ana Lucía José María Andrés Mónica Íñigo Begoña Raúl Sofía Tomás Inés Martín Carmen
  Joaquín Elena Ramón Pilar Héctor Nuria John Emily Grace Peter Hannah David Sarah Michael Ruth Daniel Chloé Zoë`);
const LAST_NAMES = words(`García Martínez Fernández Peña Ibáñez Gómez Núñez Sánchez Álvarez Muñoz Díaz Pérez
  Castaño Ortíz Márquez Rodríguez Jiménez Gutiérrez Cortés Galán Carter Brooks Walsh Murphy Bennett Hughes
  O'Neill Foster Reyes Ferrer`);

const CHOIR_NAMES = [
  "Coro San José",
  "Schola Cantorum Santa Cecilia",
  "Coro Parroquial Nuestra Señora del Pilar",
  "St. Mary's Choir",
  "Coro Juvenil Alegría",
  "Capilla de Música San Andrés",
  "Grace Gospel Choir",
  "Coral Polifónica Ibérica",
  "Coro de la Catedral",
  "Holy Trinity Singers",
  "Coro Rociero Aires del Sur",
  "Voces de Emaús",
];

/** The named choirs first; a larger library numbers further ones after them ("Coro San José 2"). */
function choirNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const name = CHOIR_NAMES[i % CHOIR_NAMES.length]!;
    const round = Math.floor(i / CHOIR_NAMES.length);
    return round === 0 ? name : `${name} ${round + 1}`;
  });
}

const TAG_BASE = `Entrada Comunión Ofertorio Salida Aleluya Gloria Kyrie Sanctus Cordero Salmo Adviento Navidad
  Cuaresma Pascua Pentecostés Mariana Adoración Alabanza Meditación Bautismo Boda Funeral Confirmación
  Primera-Comunión Corpus Epifanía Ramos Jueves-Santo Viernes-Santo Vigilia Entrance Offertory Communion
  Recessional Christmas Easter Lent Advent Wedding Worship Praise Gospel Spiritual Canon Taizé Gregoriano
  Polifonía Coral A-cappella Folk Latín Español English Català Euskera Galego Português SATB SAB Unísono
  Dos-voces Tres-voces Fácil Difícil Niños Jóvenes Rociero Villancico Espiritual Negro-spiritual Himno
  Marcha Vals Balada Rumba Sevillanas Tango Bossa Misa-criolla Misa-flamenca Aclamación Ave-María Magnificat
  Te-Deum Requiem Stabat-Mater Aperitivo Ensayo Concierto Procesión Exposición Bendición Nupcial Difuntos
  Santos Virgen-del-Carmen Guadalupe Fátima Lourdes San-José Sagrado-Corazón Cristo-Rey Trinidad Ordinario`;

function tagNames(count: number): string[] {
  const base = words(TAG_BASE).map((name) => name.replace(/-/g, " "));
  const names = [...base];
  for (let n = 1; names.length < count; n++) names.push(`Salmo ${n}`);
  return names.slice(0, count);
}

const KEYS: Record<string, string[]> = {
  C: ["C", "Dm", "Em", "F", "G", "Am", "G7"],
  G: ["G", "Am", "Bm", "C", "D", "Em", "D7"],
  D: ["D", "Em", "F#m", "G", "A", "Bm", "A7"],
  F: ["F", "Gm", "Am", "Bb", "C", "Dm", "C7"],
  Am: ["Am", "Dm", "E", "F", "G", "C", "E7"],
  Em: ["Em", "Am", "B7", "C", "D", "G"],
};

// ── The library ────────────────────────────────────────────────────────────────────────────────────────────

export interface CorpusUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface CorpusSong {
  id: string;
  title: string;
  artist: string | null;
  content: string;
  visibility: 0 | 1 | 2;
  creatorId: string;
  baseSongId: string | null;
  versionChoirId: string | null;
  tags: string[];
  choirIds: string[];
  createdAt: Date;
}

export interface Corpus {
  users: CorpusUser[];
  choirs: { id: string; name: string }[];
  members: { choirId: string; userId: string; role: "ChoirAdmin" | "ChoirMember" }[];
  tags: { id: string; name: string }[];
  artists: string[];
  rareWords: string[];
  songs: CorpusSong[];
  /** The signed-in user of the benchmark: a member of two choirs, with songs of their own. */
  benchUser: CorpusUser;
}

export interface CorpusSize {
  songs: number;
  users: number;
  choirs: number;
  tags: number;
  artists: number;
}

export const BENCH_USER_EMAIL = "bench.singer@bench.example";
const BENCH_USER_INDEX = 7;
const EPOCH = Date.UTC(2025, 0, 1);
const THREE_YEARS_MS = 3 * 365 * 86_400_000;

export function generateCorpus(size: CorpusSize, seed = 20_251_123): Corpus {
  const rng = random(seed);

  const users: CorpusUser[] = Array.from({ length: size.users }, (_, i) => {
    const firstName = pickOne(rng, FIRST_NAMES);
    const lastName = pickOne(rng, LAST_NAMES);
    const email = i === BENCH_USER_INDEX ? BENCH_USER_EMAIL : `singer${i}@bench.example`;
    return { id: uuid(rng), email, firstName, lastName };
  });
  const benchUser = users[BENCH_USER_INDEX]!;

  const choirs = choirNames(size.choirs).map((name) => ({ id: uuid(rng), name }));
  // Most people sing in one choir, some in two, some in none; the bench user in the first two.
  const membership = new Map<string, string[]>();
  const members: Corpus["members"] = [];
  const join = (userId: string, choirId: string) => {
    const list = membership.get(userId) ?? [];
    if (list.includes(choirId)) return;
    list.push(choirId);
    membership.set(userId, list);
    const role = members.some((m) => m.choirId === choirId) ? "ChoirMember" : "ChoirAdmin";
    members.push({ choirId, userId, role });
  };
  const choirOf = zipf(choirs, 0.7);
  for (const user of users) {
    if (user === benchUser) {
      join(user.id, choirs[0]!.id);
      join(user.id, choirs[1]!.id);
      continue;
    }
    const roll = rng();
    if (roll < 0.25) continue;
    join(user.id, choirOf(rng).id);
    if (roll > 0.85) join(user.id, choirOf(rng).id);
  }

  const tags = tagNames(size.tags).map((name) => ({ id: uuid(rng), name }));
  const tagOf = zipf(tags, 1);

  const artists: string[] = [];
  while (artists.length < size.artists) {
    const name = `${pickOne(rng, FIRST_NAMES)} ${pickOne(rng, LAST_NAMES)}`;
    if (!artists.includes(name)) artists.push(name);
  }
  const artistOf = zipf(artists, 1);
  const creatorOf = zipf(users, 0.9);

  // Each made-up word goes into the titles of 1 to 6 songs.
  const rare = rareWords(rng, Math.max(10, Math.floor(size.songs / 40)));
  const rareInTitle = new Map<number, string>();
  for (const word of rare) {
    for (let n = intBetween(rng, 1, 6); n > 0; n--) rareInTitle.set(Math.floor(rng() * size.songs), word);
  }

  const songs: CorpusSong[] = [];
  const versionsMade = new Set<string>();
  for (let i = 0; i < size.songs; i++) {
    const lang = rng() < 0.6 ? SPANISH : ENGLISH;
    const creatorId = creatorOf(rng).id;
    const creatorChoirs = membership.get(creatorId) ?? [];
    const title = makeTitle(rng, lang, rareInTitle.get(i));
    const artist = rng() < 0.06 ? null : artistOf(rng);
    const tagCount = pickOne(rng, [0, 1, 1, 2, 2, 2, 3, 3, 4]);
    const songTags = [...new Set(Array.from({ length: tagCount }, () => tagOf(rng).name))];
    const song: CorpusSong = {
      id: uuid(rng),
      title,
      artist,
      content: makeChordPro(rng, lang, title, artist),
      visibility: 1,
      creatorId,
      baseSongId: null,
      versionChoirId: null,
      tags: songTags,
      choirIds: [],
      createdAt: new Date(EPOCH - Math.floor(rng() * THREE_YEARS_MS)),
    };
    const roll = rng();
    if (roll < 0.012 && creatorChoirs.length > 0 && songs.length > 0) {
      // A choir version of an earlier public song, shared with the choir it was made for.
      const base = songs[Math.floor(rng() * songs.length)]!;
      const choirId = pickOne(rng, creatorChoirs);
      if (base.visibility === 1 && !base.baseSongId && !versionsMade.has(`${base.id}/${choirId}`)) {
        versionsMade.add(`${base.id}/${choirId}`);
        Object.assign(song, {
          title: base.title,
          artist: base.artist,
          baseSongId: base.id,
          versionChoirId: choirId,
          visibility: 2,
          choirIds: [choirId],
        });
      }
    } else if (roll < 0.07 && creatorChoirs.length > 0) {
      song.visibility = 2;
      song.choirIds = [...new Set([pickOne(rng, creatorChoirs), pickOne(rng, creatorChoirs)])];
    } else if (roll < 0.19) {
      song.visibility = 0;
    }
    songs.push(song);
  }
  return { users, choirs, members, tags, artists, rareWords: rare, songs, benchUser };
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function makeTitle(rng: Rng, lang: Language, rare: string | undefined): string {
  const parts: string[] = [lang.titleWord(rng)];
  for (let n = intBetween(rng, 0, 3); n > 0; n--) {
    if (rng() < 0.4) parts.push(pickOne(rng, lang.function.slice(0, 8)));
    parts.push(lang.titleWord(rng));
  }
  if (rare) parts.splice(intBetween(rng, 0, parts.length), 0, rare);
  return capitalize(parts.join(" "));
}

/** A line of lyrics with chords over some words, now and then inside a word ("cora[Em]zón"). */
function makeLine(rng: Rng, lang: Language, chords: string[]): string {
  const out: string[] = [];
  for (let n = intBetween(rng, 5, 8); n > 0; n--) {
    const word = lang.lyricWord(rng);
    const roll = rng();
    if (roll < 0.3) out.push(`[${pickOne(rng, chords)}]${word}`);
    else if (roll < 0.36 && word.length > 4) {
      const cut = intBetween(rng, 2, word.length - 2);
      out.push(`${word.slice(0, cut)}[${pickOne(rng, chords)}]${word.slice(cut)}`);
    } else out.push(word);
  }
  return out.join(" ");
}

function makeChordPro(rng: Rng, lang: Language, title: string, artist: string | null): string {
  const key = pickOne(rng, Object.keys(KEYS));
  const chords = KEYS[key]!;
  const lines = [`{title: ${title}}`];
  if (artist) lines.push(`{artist: ${artist}}`);
  lines.push(`{key: ${key}}`, "");
  if (rng() < 0.3) lines.push(`# ${lang === SPANISH ? "Arreglo para coro" : "Choir arrangement"}`);
  const chorus = Array.from({ length: 4 }, () => makeLine(rng, lang, chords));
  const verses = intBetween(rng, 2, 3);
  for (let v = 1; v <= verses; v++) {
    lines.push(`{start_of_verse: ${lang === SPANISH ? "Estrofa" : "Verse"} ${v}}`);
    for (let l = 0; l < 4; l++) lines.push(makeLine(rng, lang, chords));
    lines.push("{end_of_verse}", "");
    if (v === 1) lines.push("{start_of_chorus}", ...chorus, "{end_of_chorus}", "");
    else lines.push("{chorus}", "");
  }
  return lines.join("\n");
}
