import { Anchor, Loader, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { type LastSungScope, useLastSung } from "../api";
import classes from "./last-sung-card.module.css";

/** The last five days a song was in a choir's playlists, newest first, each opening the playlist it was sung in. */
export function LastSungDays({
  choirId,
  songId,
  scope = "song",
}: {
  choirId: string;
  songId: string;
  /** `family`: the days the song's history counts, as its summary does (see useLastSung). */
  scope?: LastSungScope;
}) {
  const { t } = useTranslation();
  const lastSung = useLastSung(choirId, songId, scope);
  if (lastSung.isPending) return <Loader size="xs" aria-label={t("common.loading")} />;
  if (lastSung.isError) {
    return (
      <Text c="red.8" role="alert">
        {t("playlists.lastSung.failed")}
      </Text>
    );
  }
  if (lastSung.data.length === 0) return null;
  return (
    <ol className={classes.list} data-testid="song-last-sung" aria-label={t("playlists.lastSung.title")}>
      {lastSung.data.map((item) => (
        <li key={item.playlistId} data-testid="song-last-sung-item" data-date={item.date}>
          <Anchor
            component={Link}
            to={`/playlists/${encodeURIComponent(item.playlistId)}`}
            data-testid="song-last-sung-link"
          >
            {formatDate(`${item.date}T12:00:00`, "dddd, LL")}
          </Anchor>
          {item.title ? (
            <Text span c="dimmed" size="sm">
              {" · "}
              {builtInTitleText(t, item.title)}
            </Text>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
