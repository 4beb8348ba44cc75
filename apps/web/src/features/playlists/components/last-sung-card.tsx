import { Anchor, Card, Loader, Text, Title } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { useLastSung } from "../api";
import classes from "./last-sung-card.module.css";

/** The last five days a song was in a choir's playlists, newest first, each opening that day's playlist. */
export function LastSungCard({ choirId, songId }: { choirId: string; songId: string }) {
  const { t } = useTranslation();
  const lastSung = useLastSung(choirId, songId);
  return (
    <Card withBorder padding="md" data-testid="song-last-sung" aria-labelledby="last-sung-title">
      <div className={classes.header}>
        <IconHistory size={20} aria-hidden="true" />
        <Title order={2} size="h4" id="last-sung-title">
          {t("playlists.lastSung.title")}
        </Title>
        {lastSung.isFetching ? <Loader size="xs" aria-label={t("common.loading")} /> : null}
      </div>
      {lastSung.isError ? (
        <Text c="red.8" role="alert">
          {t("playlists.lastSung.failed")}
        </Text>
      ) : lastSung.data && lastSung.data.length === 0 ? (
        <Text c="dimmed" data-testid="song-last-sung-none">
          {t("playlists.lastSung.none")}
        </Text>
      ) : (
        <ol className={classes.list}>
          {(lastSung.data ?? []).map((item) => (
            <li key={item.playlistId} data-testid="song-last-sung-item" data-date={item.date}>
              <Anchor
                component={Link}
                to={`/choir/${choirId}/playlists?date=${item.date}`}
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
      )}
    </Card>
  );
}
