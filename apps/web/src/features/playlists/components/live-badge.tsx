import { Badge, type MantineSize, Tooltip } from "@mantine/core";
import { IconBroadcast, IconBroadcastOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { LiveState } from "../live";

/** Whether the page follows the playlist's changes as they happen; nothing while the first connection is made. */
export function LiveBadge({ state, size = "md" }: { state: LiveState; size?: MantineSize }) {
  const { t } = useTranslation();
  // Nothing to show yet; the marker lets a screen's picture wait for the first answer.
  if (state === "connecting") return <span hidden data-live-connecting />;
  const isLive = state === "live";
  return (
    <Tooltip label={isLive ? t("live.liveHint") : t("live.lostHint")} openDelay={400}>
      <Badge
        size={size}
        tt="none"
        variant="outline"
        color={isLive ? "teal.9" : "gray.7"}
        leftSection={
          isLive ? (
            <IconBroadcast size={14} aria-hidden="true" />
          ) : (
            <IconBroadcastOff size={14} aria-hidden="true" />
          )
        }
        role="status"
        data-testid="live-badge"
        data-state={state}
      >
        {isLive ? t("live.live") : t("live.lost")}
      </Badge>
    </Tooltip>
  );
}
