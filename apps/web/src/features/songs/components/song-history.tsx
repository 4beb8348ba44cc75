import type { CurrentUser, Song } from "@choir/contract";
import { Card, Group, Loader, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NetworkError } from "../../../lib/api-client";
import { LastSungDays } from "../../playlists/components/last-sung-card";
import { useSongHistory } from "../api";
import { formatSungDay, historyChoirId } from "../history";
import classes from "./song-history.module.css";

/** "Last sung Dec 7, 2026 · 3 times in the last 12 months", or "Not sung yet". */
export function HistorySummary({ lastSung, timesSung12m }: Pick<Song, "lastSung" | "timesSung12m">) {
  const { t } = useTranslation();
  if (!lastSung) return <>{t("songs.history.notSungYet")}</>;
  const times = timesSung12m ?? 0;
  return (
    <>
      <span className={classes.date} data-testid="song-history-date">
        {t("songs.history.lastSung", { date: formatSungDay(lastSung) })}
      </span>
      {" · "}
      {times > 0 ? t("songs.history.times12m", { count: times }) : t("songs.history.notIn12m")}
    </>
  );
}

/**
 * For a member of a choir: when the song was last sung there and how often in the last twelve months, then the
 * last days it was sung (each opening its playlist). The choir is the one in context, else the current one; with
 * several choirs a small select changes it.
 */
export function SongHistory({
  song,
  user,
  choirId: contextChoirId,
}: {
  song: Song;
  user: CurrentUser;
  /** The choir the song was opened in (`?choirId=`), when one of the user's. */
  choirId: string | null;
}) {
  const { t } = useTranslation();
  const [choirId, setChoirId] = useState(() => historyChoirId(user, contextChoirId));
  const history = useSongHistory(song.songId, choirId);
  // Offline the history cannot be read; the page shows the song without it rather than an error.
  if (!choirId || history.error instanceof NetworkError) return null;
  const choir = user.choirs.find((c) => c.id === choirId);

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="song-history-title"
      data-testid="song-history"
      data-choir-id={choirId}
    >
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconHistory size={20} aria-hidden="true" className={classes.icon} />
            <Title order={2} size="h4" id="song-history-title">
              {t("songs.history.title")}
            </Title>
          </Group>
          {user.choirs.length > 1 ? (
            <NativeSelect
              size="sm"
              className={classes.choirSelect}
              aria-label={t("songs.history.choir")}
              value={choirId}
              onChange={(event) => setChoirId(event.currentTarget.value)}
              data={user.choirs.map((c) => ({ value: c.id, label: c.name }))}
              data-testid="song-history-choir"
            />
          ) : (
            <Text size="sm" c="dimmed" className={classes.choirName}>
              {choir?.name}
            </Text>
          )}
        </Group>
        {history.isPending ? (
          <Loader size="xs" aria-label={t("common.loading")} />
        ) : history.isError ? (
          <Text c="red.8" role="alert" data-testid="song-history-error">
            {t("songs.history.failed")}
          </Text>
        ) : (
          <>
            <Text
              fw={600}
              data-testid="song-history-summary"
              data-last-sung={history.data.lastSung ?? ""}
              data-times={history.data.timesSung12m ?? 0}
            >
              <HistorySummary lastSung={history.data.lastSung} timesSung12m={history.data.timesSung12m} />
            </Text>
            {history.data.lastSung ? (
              <LastSungDays choirId={choirId} songId={song.songId} scope="family" />
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
