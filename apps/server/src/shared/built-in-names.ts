import type { GlobalSectionKey, GlobalTemplateKey } from "@choir/contract";
import type { Language } from "../http/language.js";

type Catalogue = Record<GlobalTemplateKey | GlobalSectionKey, string>;

/** Names of the built-in templates and sections; the web app's catalogues translate the same keys. */
const NAMES: Record<Language, Catalogue> = {
  en: {
    mass: "Mass",
    generic: "General",
    service: "Service",
    practice: "Rehearsal",
    concert: "Concert",
    wedding: "Wedding",
    funeral: "Funeral",
    songs: "Songs",
    entrance: "Entrance",
    penitential: "Penitential Act",
    gloria: "Gloria",
    word: "Liturgy of the Word",
    offertory: "Offertory",
    holy: "Holy",
    peace: "Sign of Peace",
    communion: "Communion",
    recessional: "Recessional",
    opening: "Opening",
    worship: "Worship",
    closing: "Closing",
    prelude: "Prelude",
    postlude: "Postlude",
    anthem: "Anthem",
    hymns: "Hymns",
    psalms: "Psalms",
  },
  es: {
    mass: "Misa",
    generic: "General",
    service: "Culto",
    practice: "Ensayo",
    concert: "Concierto",
    wedding: "Boda",
    funeral: "Funeral",
    songs: "Canciones",
    entrance: "Entrada",
    penitential: "Acto penitencial",
    gloria: "Gloria",
    word: "Liturgia de la Palabra",
    offertory: "Ofertorio",
    holy: "Santo",
    peace: "Rito de la paz",
    communion: "Comunión",
    recessional: "Salida",
    opening: "Apertura",
    worship: "Alabanza",
    closing: "Cierre",
    prelude: "Preludio",
    postlude: "Postludio",
    anthem: "Himno coral",
    hymns: "Himnos",
    psalms: "Salmos",
  },
};

/** A built-in key in the caller's language; any other text as it is. */
export function translateKey(text: string, language: Language): string {
  return Object.hasOwn(NAMES[language], text) ? NAMES[language][text as keyof Catalogue] : text;
}
