import { Button, type ButtonProps, Modal, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconHelp } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./song-sheet.module.css";
import { SongSheetView } from "./song-sheet-view";

/** The directives the app understands, grouped as the guide shows them; texts are `songs.guide.items.<id>`. */
export const CHORDPRO_GUIDE_GROUPS = [
  {
    id: "metadata",
    items: [
      "title",
      "subtitle",
      "artist",
      "composer",
      "lyricist",
      "key",
      "tempo",
      "time",
      "capo",
      "duration",
      "copyright",
      "tag",
    ],
  },
  { id: "chords", items: ["chords", "annotation", "transpose"] },
  { id: "sections", items: ["verse", "chorus", "recall", "bridge", "tab", "grid", "custom", "voice"] },
  { id: "comments", items: ["comment", "italic", "box", "highlight", "hash"] },
] as const;

function GuideGroup({ group }: { group: (typeof CHORDPRO_GUIDE_GROUPS)[number] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={classes.guideGroup} aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {t(`songs.guide.groups.${group.id}`)}
      </Title>
      <dl className={classes.guideList}>
        {group.items.map((item) => (
          <div key={item} className={classes.guideItem} data-directive={item}>
            <dt>
              <code className={classes.guideCode}>{t(`songs.guide.items.${item}.code`)}</code>
            </dt>
            <dd className={classes.guideText}>{t(`songs.guide.items.${item}.text`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A short guide to the ChordPro the app reads, each directive with an example, and a small live example. */
export function ChordProGuide() {
  const { t } = useTranslation();
  const exampleId = useId();
  const example = t("songs.guide.liveExample");
  return (
    <div className={classes.guide} data-testid="chordpro-guide">
      <Text>{t("songs.guide.intro")}</Text>
      {CHORDPRO_GUIDE_GROUPS.map((group) => (
        <GuideGroup key={group.id} group={group} />
      ))}
      <section className={classes.guideGroup} aria-labelledby={exampleId}>
        <Title order={3} size="h4" id={exampleId}>
          {t("songs.guide.exampleTitle")}
        </Title>
        <div className={classes.guideExample}>
          <div className={classes.guidePanel}>
            <Text size="sm" fw={600} c="dimmed">
              {t("songs.guide.exampleSource")}
            </Text>
            <pre className={classes.guideSource}>{example}</pre>
          </div>
          <div className={classes.guidePanel}>
            <Text size="sm" fw={600} c="dimmed">
              {t("songs.guide.exampleResult")}
            </Text>
            <div className={classes.guideResult} data-testid="chordpro-guide-example">
              <SongSheetView content={example} showToolbar={false} compact />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}

/** A button that opens the ChordPro guide in a dialog (full screen on phones). */
export function ChordProGuideButton({ variant = "light", size }: Pick<ButtonProps, "variant" | "size">) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const isPhone = useMediaQuery("(max-width: 36em)");
  return (
    <>
      <Button
        variant={variant}
        size={size}
        leftSection={<IconHelp size={20} aria-hidden="true" />}
        onClick={() => setOpen(true)}
        data-testid="chordpro-guide-button"
      >
        {t("songs.guide.open")}
      </Button>
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={t("songs.guide.title")}
        size="xl"
        fullScreen={isPhone}
        closeButtonProps={{ "aria-label": t("common.close") }}
        data-testid="chordpro-guide-modal"
      >
        <ChordProGuide />
      </Modal>
    </>
  );
}
