import { Button, Card, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconFilterOff, IconMusic, IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export interface LibraryEmptyStateProps {
  /** Filters narrow the list: the text says nothing matched and offers clearing them. */
  isFiltered: boolean;
  onClearFilters: () => void;
  /** Only a user with a choir is offered to create a song. */
  canCreate: boolean;
  createPath: string;
  /** The choir whose songs are shown, when there is a choir context. */
  choirName?: string;
}

/** What the library shows when the list is empty. */
export function LibraryEmptyState({
  isFiltered,
  onClearFilters,
  canCreate,
  createPath,
  choirName,
}: LibraryEmptyStateProps) {
  const { t } = useTranslation();
  const Icon = isFiltered ? IconSearch : IconMusic;
  const title = isFiltered
    ? t("songs.library.empty.noMatchTitle")
    : choirName
      ? t("songs.library.empty.choirTitle", { choir: choirName })
      : t("songs.library.empty.title");
  const text = isFiltered
    ? t("songs.library.empty.noMatchText")
    : canCreate
      ? t("songs.library.empty.createText")
      : t("songs.library.empty.noChoirText");

  return (
    <Card data-testid="songs-empty" data-filtered={isFiltered || undefined}>
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
          <Icon size={36} />
        </ThemeIcon>
        <Text component="h2" fw={700} size="xl" m={0}>
          {title}
        </Text>
        <Text maw={520}>{text}</Text>
        {isFiltered ? (
          <Button
            variant="default"
            leftSection={<IconFilterOff size={20} aria-hidden="true" />}
            onClick={onClearFilters}
            data-testid="songs-clear-filters"
          >
            {t("songs.library.empty.clearFilters")}
          </Button>
        ) : canCreate ? (
          <Button
            component={Link}
            to={createPath}
            leftSection={<IconPlus size={20} aria-hidden="true" />}
            data-testid="songs-empty-create"
          >
            {t("songs.library.createSong")}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
