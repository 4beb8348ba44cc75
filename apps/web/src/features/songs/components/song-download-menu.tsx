import { useTranslation } from "react-i18next";
import { DownloadMenu } from "../../../components/download-menu";
import { downloadSongPdf, downloadSongs } from "../api";

/**
 * The song page's download: the song as a PDF to print or share (with its chords, in the key the page was opened in,
 * or its words alone), or as a ChordPro or an OpenLyrics file for other song tools.
 */
export function SongDownloadMenu({ songId, songKey }: { songId: string; songKey?: string | null }) {
  const { t } = useTranslation();
  return (
    <DownloadMenu
      testId="song-download"
      choices={[
        {
          id: "pdf",
          label: t("download.songPdf"),
          onSelect: () => downloadSongPdf(songId, { variant: "chords", key: songKey }),
        },
        {
          id: "pdf-lyrics",
          label: t("download.songLyricsPdf"),
          onSelect: () => downloadSongPdf(songId, { variant: "lyrics" }),
        },
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
