import type { SongReadinessPlaces } from "@choir/contract";
import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { currentLanguage } from "../../../lib/i18n";
import { formatServiceWhen } from "../../../lib/service-dates";
import { useSongReadinessPlaces } from "../readiness-api";
import { ReadinessToggle } from "./readiness-toggle";

type Place = SongReadinessPlaces["choirs"][number];

/**
 * Where a singer marks a song from its page: the soonest coming playlist of the choir the song is read for (or of
 * each of their choirs) that sings it. Nothing when no coming playlist of theirs sings it.
 */
export function useReadinessPlaces(songId: string, choirId: string | null): Place[] {
  const places = useSongReadinessPlaces(songId).data?.choirs ?? [];
  const forChoir = places.filter((place) => place.choirId === choirId);
  return forChoir.length > 0 ? forChoir : places;
}

/** "Learned it" / "Not yet" for one place: the playlist it is for, and the buttons. */
export function ReadinessPlace({
  songId,
  place,
  testId = "song-readiness",
}: {
  songId: string;
  place: Place;
  testId?: string;
}) {
  const { t } = useTranslation();
  const playlist = [
    builtInTitleText(t, place.playlist.title ?? ""),
    formatServiceWhen(place.playlist.date, place.playlist.time, currentLanguage()),
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Stack gap={6} data-testid={testId} data-choir-id={place.choirId}>
      <Text size="sm" fw={600}>
        <span data-testid={`${testId}-playlist`}>{t("readiness.forPlaylist", { playlist })}</span>
        <Text span c="dimmed" size="sm" fw={400}>
          {" · "}
          {place.choirName}
        </Text>
      </Text>
      <ReadinessToggle
        playlistId={place.playlist.id}
        songId={songId}
        mine={place.mine}
        label={t("readiness.questionShort")}
        testId={`${testId}-toggle`}
      />
    </Stack>
  );
}

/** The song page's "Learning the songs": one's mark for each coming playlist of one's choirs that sings the song. */
export function SongReadinessCard({ songId, places }: { songId: string; places: Place[] }) {
  const { t } = useTranslation();
  if (places.length === 0) return null;
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="song-readiness-title"
      data-testid="song-readiness-card"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="song-readiness-title">
          {t("readiness.title")}
        </Title>
        {places.map((place) => (
          <ReadinessPlace key={place.choirId} songId={songId} place={place} />
        ))}
      </Stack>
    </Card>
  );
}
