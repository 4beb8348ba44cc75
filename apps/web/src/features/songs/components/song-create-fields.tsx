import { VISIBILITY, type Visibility } from "@choir/contract";
import { Card, Grid, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconLink } from "@tabler/icons-react";
import { type ReactNode, useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ChordPlacer,
  type ContentMode,
  ContentModeSwitch,
} from "../../../components/chord-placer/chord-placer";
import { SongSheetView } from "../../../components/song-sheet/song-sheet-view";
import {
  type ChoirOption,
  isMissingChoirs,
  type SongFormValues,
  VISIBILITY_NAMES,
  VISIBILITY_OPTIONS,
} from "../song-form";
import { ChoirCheckboxes } from "./choir-checkboxes";
import classes from "./song-create-fields.module.css";
import { SongCreditFields } from "./song-credit-fields";
import { TagInput } from "./tag-input";

export type SongFieldsVariant = "create" | "edit" | "version";

export interface SongFormFieldsProps {
  form: UseFormReturnType<SongFormValues>;
  /** The choirs the song may be shared with. */
  choirs: ChoirOption[];
  variant: SongFieldsVariant;
  /** Rows the ChordPro box starts with; it grows with the text. */
  contentRows: number;
  disabled?: boolean;
  /** Controls placed above the details (the version's choir select). */
  before?: ReactNode;
  /** The ChordPro guide button, shown beside the content label. */
  guide?: ReactNode;
}

/**
 * The song fields shared by create, edit and create-version: details, who can see it, and the ChordPro text with
 * its live preview. The version form leaves out title and artist (a version keeps the song's).
 */
export function SongFormFields({
  form,
  choirs,
  variant,
  contentRows,
  disabled,
  before,
  guide,
}: SongFormFieldsProps) {
  const { t } = useTranslation();
  const { values } = form;
  const preview = useDeferredValue(values.content);
  const missingChoirs = isMissingChoirs(values);
  const [contentMode, setContentMode] = useState<ContentMode>("text");

  const choirNote = !missingChoirs ? null : variant === "edit" ? (
    <Text className={classes.dangerText} fw={600} role="alert" data-testid="choir-required-note">
      {t("songs.form.choirRequiredNote")}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" data-testid="choir-empty-hint">
      {variant === "version" ? t("songs.form.versionChoirsHint") : t("songs.form.noChoirSelectedHint")}
    </Text>
  );

  return (
    <Stack gap="lg">
      <Card component="section" aria-labelledby="song-details-title" className={classes.card}>
        <Stack gap="md">
          <Title order={2} size="h3" id="song-details-title">
            {t("songs.form.detailsSection")}
          </Title>
          {before}
          {variant === "version" ? null : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t("songs.form.title")}
                placeholder={t("songs.form.titlePlaceholder")}
                required
                autoComplete="off"
                disabled={disabled}
                data-testid="song-title-input"
                {...form.getInputProps("title")}
              />
              <TextInput
                label={t("songs.form.artist")}
                placeholder={t("songs.form.artistPlaceholder")}
                autoComplete="off"
                disabled={disabled}
                data-testid="song-artist-input"
                {...form.getInputProps("artist")}
              />
            </SimpleGrid>
          )}
          <TextInput
            type="url"
            inputMode="url"
            label={t("songs.form.audioUrl")}
            description={t("songs.form.audioUrlHint")}
            placeholder="https://"
            leftSection={<IconLink size={20} aria-hidden="true" />}
            autoComplete="off"
            disabled={disabled}
            data-testid="song-audio-input"
            {...form.getInputProps("audioUrl")}
          />
          <TagInput
            value={values.tags}
            onChange={(tags) => form.setFieldValue("tags", tags)}
            disabled={disabled}
          />
          {variant === "version" ? null : <SongCreditFields form={form} disabled={disabled} />}
        </Stack>
      </Card>

      <Card component="section" aria-labelledby="song-visibility-title" className={classes.card}>
        <Stack gap="md">
          <Title order={2} size="h3" id="song-visibility-title">
            {t("songs.form.visibilitySection")}
          </Title>
          <Radio.Group
            value={String(values.visibility)}
            onChange={(value) => form.setFieldValue("visibility", Number(value) as Visibility)}
            label={t("songs.form.visibility")}
            labelProps={{ className: classes.visuallyHidden }}
            data-testid="song-visibility"
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {VISIBILITY_OPTIONS.map((visibility) => (
                <Radio.Card
                  key={visibility}
                  value={String(visibility)}
                  disabled={disabled}
                  className={classes.visibilityCard}
                  data-testid={`song-visibility-${visibility}`}
                  aria-label={t(`songs.form.visibilityOptions.${VISIBILITY_NAMES[visibility]}`)}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={3} />
                    <div>
                      <Text fw={600}>
                        {t(`songs.form.visibilityOptions.${VISIBILITY_NAMES[visibility]}`)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t(`songs.form.visibilityDescriptions.${VISIBILITY_NAMES[visibility]}`)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          {values.visibility === VISIBILITY.PublicChoirs ? (
            <ChoirCheckboxes
              choirs={choirs}
              value={values.visibleToChoirs}
              onChange={(ids) => form.setFieldValue("visibleToChoirs", ids)}
              disabled={disabled}
              note={choirNote}
            />
          ) : null}
        </Stack>
      </Card>

      <Card component="section" aria-labelledby="song-content-title" className={classes.card}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} size="h3" id="song-content-title">
              {t("songs.form.contentSection")}
            </Title>
            {guide}
          </Group>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="sm">
                <ContentModeSwitch value={contentMode} onChange={setContentMode} disabled={disabled} />
                {contentMode === "chords" ? (
                  <>
                    <ChordPlacer
                      content={values.content}
                      onChange={(content) => form.setFieldValue("content", content)}
                      disabled={disabled}
                    />
                    {form.errors.content ? (
                      <Text className={classes.dangerText} role="alert">
                        {form.errors.content}
                      </Text>
                    ) : null}
                  </>
                ) : (
                  <Textarea
                    label={t("songs.form.content")}
                    description={t("songs.form.contentHint")}
                    placeholder={t("songs.form.contentPlaceholder")}
                    required
                    size="md"
                    // Grows with the song, as the preview beside it does, instead of leaving a short box.
                    autosize
                    minRows={contentRows}
                    spellCheck={false}
                    autoCapitalize="off"
                    disabled={disabled}
                    classNames={{ input: classes.contentInput }}
                    data-testid="song-content-input"
                    {...form.getInputProps("content")}
                  />
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap={6} className={classes.previewColumn}>
                <Text fw={600} id="song-preview-title">
                  {t("songs.form.preview")}
                </Text>
                {/* A long song scrolls inside the preview, so the keyboard must be able to reach it (WCAG 2.1.1). */}
                <section
                  className={classes.preview}
                  aria-labelledby="song-preview-title"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to be focusable
                  tabIndex={0}
                  data-testid="song-preview"
                >
                  {preview.trim() ? (
                    <SongSheetView content={preview} compact showToolbar={false} />
                  ) : (
                    <Text c="dimmed">{t("songs.form.previewEmpty")}</Text>
                  )}
                </section>
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      </Card>
    </Stack>
  );
}
