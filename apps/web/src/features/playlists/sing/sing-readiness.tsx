import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { ReadinessToggle } from "../../availability/components/readiness-toggle";
import { usePlaylistReadiness } from "../../availability/readiness-api";

/** The playlist whose songs sing mode lets the singer mark (a coming one of their choir), or null. */
const ReadinessPlaylist = createContext<string | null>(null);
export const SingReadinessProvider = ReadinessPlaylist.Provider;

/**
 * "Learned it" / "Not yet" for a song of sing mode — at the end of its sheet and in the practice player —,
 * for a member of the playlist's choir while the service is coming. One reading of the playlist serves every song.
 */
export function SingReadiness({ songId, testId = "sing-readiness" }: { songId: string; testId?: string }) {
  const { t } = useTranslation();
  const playlistId = useContext(ReadinessPlaylist);
  const readiness = usePlaylistReadiness(playlistId ?? "", playlistId !== null);
  const song = readiness.data?.songs.find((item) => item.songId === songId);
  if (playlistId === null || !song) return null;
  return (
    <ReadinessToggle
      playlistId={playlistId}
      songId={songId}
      mine={song.mine}
      label={t("readiness.questionShort")}
      testId={testId}
    />
  );
}
