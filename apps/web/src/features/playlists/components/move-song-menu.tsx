import { Menu } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { SubtleIconButton } from "../../../components/subtle-icon-button";
import { builtInTitleText } from "../../../lib/built-in-titles";

export interface MoveSongMenuProps<T extends { title: string }> {
  songTitle: string;
  /** The other sections (built-in or own title); none, no menu. */
  targets: T[];
  targetKey: (target: T) => string;
  onMove: (target: T) => void;
  disabled?: boolean;
  /** The button's test id; its items' is the same with `-target`. */
  testId: string;
}

/** Moves a song to another section of the list. */
export function MoveSongMenu<T extends { title: string }>({
  songTitle,
  targets,
  targetKey,
  onMove,
  disabled,
  testId,
}: MoveSongMenuProps<T>) {
  const { t } = useTranslation();
  if (targets.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <SubtleIconButton
          icon={IconArrowsExchange}
          label={t("createPlaylist.moveSong", { title: songTitle })}
          disabled={disabled}
          data-testid={testId}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("createPlaylist.moveTo")}</Menu.Label>
        {targets.map((target) => (
          <Menu.Item key={targetKey(target)} onClick={() => onMove(target)} data-testid={`${testId}-target`}>
            {builtInTitleText(t, target.title)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
