import type { Song } from "@choir/contract";
import { useTranslation } from "react-i18next";
import classes from "./song-credits.module.css";

/** The credits in the order a printed hymn gives them. */
const CREDITS = ["composer", "lyricist", "copyright", "ccli"] as const;

/** Under the sheet: the song's composer, lyricist, copyright and CCLI song number, those that are set. */
export function SongCredits({ song }: { song: Pick<Song, (typeof CREDITS)[number]> }) {
  const { t } = useTranslation();
  const credits = CREDITS.filter((name) => song[name]);
  if (credits.length === 0) return null;
  return (
    <dl
      className={classes.credits}
      aria-label={t("songs.credits.title")}
      // Printed with the song (the song page's print stylesheet).
      data-printed
      data-testid="song-credits"
    >
      {credits.map((name) => (
        <div key={name} className={classes.credit} data-testid={`song-credit-${name}`}>
          <dt className={classes.term}>{t(`songs.credits.${name}`)}</dt>
          <dd className={classes.value}>{song[name]}</dd>
        </div>
      ))}
    </dl>
  );
}
