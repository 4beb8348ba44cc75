import { Button, type ButtonProps } from "@mantine/core";
import { IconMicrophone } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Sing mode path of a playlist (the contract fixes it). */
export function singPath(playlistId: string): string {
  return `/playlists/${encodeURIComponent(playlistId)}/sing`;
}

/** Opens sing mode: the playlist's songs in order, page by page. */
export function SingButton({ playlistId, ...button }: { playlistId: string } & ButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={singPath(playlistId)}
      leftSection={<IconMicrophone size={20} aria-hidden="true" />}
      title={t("sing.openHint")}
      data-testid="playlist-sing"
      {...button}
    >
      {t("sing.open")}
    </Button>
  );
}
