import { useTranslation } from "react-i18next";
import { DownloadMenu } from "../../../components/download-menu";
import { downloadSongs } from "../api";

/** The song page's download: the song as a ChordPro or an OpenLyrics file, for other song tools. */
export function SongDownloadMenu({ songId }: { songId: string }) {
  const { t } = useTranslation();
  return (
    <DownloadMenu
      testId="song-download"
      choices={[
        {
          id: "chordpro",
          label: t("download.chordpro"),
          onSelect: () => downloadSongs([songId], "chordpro"),
        },
        {
          id: "openlyrics",
          label: t("download.openlyrics"),
          onSelect: () => downloadSongs([songId], "openlyrics"),
        },
      ]}
    />
  );
}
