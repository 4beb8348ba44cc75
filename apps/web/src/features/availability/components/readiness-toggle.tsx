import { READINESS_STATUSES, type ReadinessStatus } from "@choir/contract";
import { IconBook2, IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { showError } from "../../../lib/toast";
import { useMarkReadiness } from "../readiness-api";
import { ChoiceButtons } from "./choice-buttons";

const ICONS = { learned: IconCircleCheck, learning: IconBook2 } as const;
const COLORS = { learned: "teal.9", learning: "blue.8" } as const;

/**
 * "Learned it" / "Not yet" for one song of a playlist: one tap marks, a tap on the chosen one takes the mark away. The
 * mark holds in every playlist of the choir that sings the song.
 */
export function ReadinessToggle({
  playlistId,
  songId,
  mine,
  label,
  testId = "readiness-toggle",
}: {
  playlistId: string;
  songId: string;
  mine: ReadinessStatus | null;
  /** The question the buttons answer, for those who hear the page ("Have you learned Ave verum?"). */
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const mark = useMarkReadiness(playlistId);
  const shown = mark.isPending ? (mark.variables?.status ?? null) : mine;
  const choices = READINESS_STATUSES.map((status) => ({
    value: status,
    label: t(`readiness.status.${status}`),
    icon: ICONS[status],
    color: COLORS[status],
  }));
  return (
    <ChoiceButtons
      choices={choices}
      value={shown}
      onChoose={(status) =>
        mark.mutate(
          { songId, status: shown === status ? null : status },
          { onError: () => showError(t("readiness.failed")) },
        )
      }
      label={label}
      testId={testId}
    />
  );
}
