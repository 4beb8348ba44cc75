import { Button, Stack, Text } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SongSheetView } from "../../../components/song-sheet/song-sheet-view";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { songQuery } from "../../songs/api";
import { entrySungKey, entryTargetKey } from "../playlist-entries";
import type { SingStop } from "./sing-order";
import { SingReadiness } from "./sing-readiness";
import type { SingSettings } from "./sing-settings";
import classes from "./sing-stage.module.css";

/** Where a song lies once it is shown: at its start, or at its end when the reader turned back into it. */
export type Arrival = "start" | "end" | "keep";

export function stopTitle(stop: SingStop, t: TFunction): string {
  return stop.entry.song?.title ?? t("sing.unknownSong");
}

/** One song of sing mode: its title, its sheet in the entry's key, and what comes next. */
export const SongPage = memo(function SongPage({
  stop,
  at,
  settings,
  next,
  onShow,
  closePath,
  myPart,
}: {
  stop: SingStop;
  /** Its place in the playlist. */
  at: number;
  settings: SingSettings;
  next: SingStop | undefined;
  onShow: (index: number, arrival: Arrival) => void;
  closePath: string;
  /** The singer's voice part in the playlist's choir. */
  myPart: string | null;
}) {
  const { t } = useTranslation();
  const read = useQuery({ ...songQuery(stop.entry.songId), enabled: stop.entry.song !== null });
  const key = entrySungKey(stop.entry);
  let body: ReactNode;
  if (!stop.entry.song) {
    body = (
      <Text size="lg" c="dimmed" data-testid="sing-unknown-song">
        {t("sing.unknownSongText")}
      </Text>
    );
  } else if (read.data) {
    body = (
      <div className={classes.columns}>
        <SongSheetView
          content={read.data.content}
          targetKey={entryTargetKey(stop.entry)}
          showToolbar={false}
          hideKey={key !== null}
          lyricsOnly={settings.isLyricsOnly}
          fontSize={settings.fontSize}
          myPart={myPart}
        />
      </div>
    );
  } else if (read.isError) {
    body = (
      <Stack gap="sm" align="flex-start" data-testid="sing-song-error">
        <Text size="lg">{t("sing.songFailed")}</Text>
        <Button variant="default" onClick={() => void read.refetch()}>
          {t("sing.retry")}
        </Button>
      </Stack>
    );
  } else {
    body = <Text c="dimmed">{t("sing.songLoading")}</Text>;
  }
  return (
    <article className={classes.page} aria-labelledby={`sing-heading-${stop.entry.id}`}>
      <header className={classes.songHead}>
        <h2 className={classes.songTitle} id={`sing-heading-${stop.entry.id}`}>
          {stopTitle(stop, t)}
        </h2>
        <div className={classes.songFacts}>
          {stop.entry.song?.artist ? <span>{stop.entry.song.artist}</span> : null}
          {key ? (
            <span className={classes.key} data-testid="sing-song-key">
              {t("sing.key", { key })}
            </span>
          ) : null}
        </div>
      </header>
      {body}
      <footer className={classes.songEnd}>
        <SingReadiness songId={stop.entry.songId} />
        {next ? (
          <Button
            variant="light"
            size="lg"
            fullWidth
            rightSection={<IconChevronRight size={22} aria-hidden="true" />}
            onClick={() => onShow(at + 1, "start")}
            data-testid="sing-next-song"
            className={classes.nextButton}
          >
            <span className={classes.nextText}>
              <span className={classes.nextLabel}>
                {t("sing.nextUp", { section: builtInTitleText(t, next.sectionTitle) })}
              </span>
              <span className={classes.nextTitle}>{stopTitle(next, t)}</span>
            </span>
          </Button>
        ) : (
          <Stack gap="sm" align="center" data-testid="sing-end">
            <Text fw={600}>{t("sing.end")}</Text>
            <Button component={Link} to={closePath} variant="default">
              {t("sing.backToPlaylist")}
            </Button>
          </Stack>
        )}
      </footer>
    </article>
  );
});
