import type { Song } from "@choir/contract";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatDate } from "../../../lib/dates";
import { useCurrentUser } from "../../../lib/session";
import { SongsLibraryPage } from "../../songs/pages/songs-library-page";
import { AddToPlaylistMenu } from "../components/add-to-playlist-menu";
import { PlaylistTemplateSelect } from "../components/playlist-template-select";
import { PlaylistDateProvider, usePlaylistDate } from "../playlist-date-context";
import { isSongInPlaylist } from "../playlist-for-date";
import { useAddSongForDate, usePlaylistForDate } from "../use-playlist-for-date";

/**
 * The songs library in a choir's context with an add-to-playlist action on every song: it adds to the playlist of
 * the selected day (saving the day's draft with its first song). Needs a {@link PlaylistDateProvider} around it.
 */
export function PlaylistSongsLibrary({
  choirId,
  embedded = false,
}: {
  choirId: string | null;
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  const date = usePlaylistDate();
  const day = date?.day ?? "";
  const state = usePlaylistForDate(choirId, day, date?.chosenTemplateId ?? null);
  const add = useAddSongForDate(choirId, day, state);
  const sections = state.resolved?.sections ?? [];

  return (
    <SongsLibraryPage
      embedded={embedded}
      renderAddToPlaylist={(song: Song) => (
        <AddToPlaylistMenu
          song={song}
          sections={sections}
          isInPlaylist={isSongInPlaylist(sections, song.songId)}
          isPending={add.isPending && add.variables?.songId === song.songId}
          disabled={!state.resolved || add.isPending}
          onAdd={(sectionId) => add.mutate({ songId: song.songId, sectionId })}
        />
      )}
      renderTemplateSelector={() => (
        <div data-testid="songs-playlist-context">
          <Text fw={600} mb={4} data-testid="songs-playlist-day">
            {t("playlists.addToPlaylist.forDay", { date: formatDate(`${day}T12:00:00`, "dddd, LL") })}
          </Text>
          <PlaylistTemplateSelect
            templates={state.templates}
            value={state.templateId}
            locked={state.isTemplateLocked}
            onChange={(templateId) => date?.setChosenTemplateId(templateId)}
          />
        </div>
      )}
    />
  );
}

/** /songs: the library; with `?choirId=` of one of the user's choirs, adds to that choir's playlist of `?date=`. */
export function SongsLibraryRoute() {
  const { data: user } = useCurrentUser();
  const [params] = useSearchParams();
  const requested = params.get("choirId");
  const choirId = user?.choirs.some((choir) => choir.id === requested) ? requested : null;
  if (!choirId) return <SongsLibraryPage />;
  return (
    <PlaylistDateProvider>
      <PlaylistSongsLibrary choirId={choirId} />
    </PlaylistDateProvider>
  );
}
