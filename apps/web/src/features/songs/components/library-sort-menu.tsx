import type { SongSort } from "@choir/contract";
import { Button, Menu } from "@mantine/core";
import { IconArrowsSort, IconCheck, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { SORT_OPTIONS, type SortDirection } from "../library";
import classes from "./library.module.css";

export interface LibrarySortMenuProps {
  sort: SongSort;
  direction: SortDirection;
  /** Relevance is offered only while there is a search term. */
  hasTerm: boolean;
  /** Last sung is offered only inside a choir context. */
  hasChoir?: boolean;
  onSortChange: (sort: SongSort) => void;
  onDirectionChange: (direction: SortDirection) => void;
}

const check = (isOn: boolean) =>
  isOn ? <IconCheck size={18} aria-hidden="true" /> : <span style={{ display: "inline-block", width: 18 }} />;

/** Sort by relevance, title, artist, date added, tags or (in a choir) date last sung, ascending or descending. */
export function LibrarySortMenu({
  sort,
  direction,
  hasTerm,
  hasChoir = false,
  onSortChange,
  onDirectionChange,
}: LibrarySortMenuProps) {
  const { t } = useTranslation();
  const sortName = t(`songs.library.sort.${sort}`);
  const directionName = t(`songs.library.sort.${direction}`);
  const DirectionIcon = direction === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="md"
          px="sm"
          leftSection={<IconArrowsSort size={20} aria-hidden="true" />}
          rightSection={<DirectionIcon size={18} aria-hidden="true" />}
          aria-label={t("songs.library.sort.label", { sort: sortName, direction: directionName })}
          data-testid="songs-sort-menu"
          data-sort={sort}
          data-direction={direction}
        >
          <span className={classes.sortLabel}>{sortName}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("songs.library.sort.by")}</Menu.Label>
        {SORT_OPTIONS.filter(
          (option) => (option !== "relevance" || hasTerm) && (option !== "lastSung" || hasChoir),
        ).map((option) => (
          <Menu.Item
            key={option}
            role="menuitemradio"
            aria-checked={sort === option}
            leftSection={check(sort === option)}
            onClick={() => onSortChange(option)}
            data-testid={`songs-sort-${option}`}
          >
            {t(`songs.library.sort.${option}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t("songs.library.sort.order")}</Menu.Label>
        {(["asc", "desc"] as const).map((option) => (
          <Menu.Item
            key={option}
            role="menuitemradio"
            aria-checked={direction === option}
            leftSection={check(direction === option)}
            rightSection={
              option === "asc" ? (
                <IconSortAscending size={18} aria-hidden="true" />
              ) : (
                <IconSortDescending size={18} aria-hidden="true" />
              )
            }
            onClick={() => onDirectionChange(option)}
            data-testid={`songs-sort-dir-${option}`}
          >
            {t(`songs.library.sort.${option}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
