import {
  MARKING_STAMPS,
  type Marking,
  type MarkingColor,
  type MarkingScope,
  type MarkingStamp,
  type Score,
  type StrokeData,
  type TextData,
  TRACK_FULL_MIX,
} from "@choir/contract";
import { ActionIcon, Button, Checkbox, Group, Menu, Modal, Select, Stack, TextInput } from "@mantine/core";
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconEraser,
  IconHighlight,
  IconMusic,
  IconPencil,
  IconStack2,
  IconTypography,
} from "@tabler/icons-react";
import { type FormEvent, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../lib/session";
import { useChoir } from "../../choirs/api";
import { isChoirAdmin } from "../../choirs/choir-form";
import { trackPartChoices } from "../../tracks/track-form";
import { fetchScoreBytes } from "../api";
import {
  ALL_LAYERS,
  type History,
  type Layers,
  NO_HISTORY,
  recorded,
  redoStep,
  shownMarkings,
  undoStep,
} from "../marking-history";
import type { ScoreMode } from "../score-pages";
import { ScoreView } from "../score-view";
import { useScoreMarkings } from "../use-markings";
import { type DrawTool, MarkingsOverlay } from "./markings-overlay";
import classes from "./score-reader.module.css";

/** Each layer has its colour, so a singer tells the director's markings from their own at a glance. */
const LAYER_COLOR: Record<MarkingScope, MarkingColor> = { private: "graphite", part: "blue", choir: "red" };

type ToolChoice = "pen" | "highlighter" | "text" | "stamp" | "erase";

/** The marking tools, each a button named by its words (shown by its icon, to fit a phone's width). */
const TOOLS: { value: ToolChoice; icon: typeof IconPencil }[] = [
  { value: "pen", icon: IconPencil },
  { value: "highlighter", icon: IconHighlight },
  { value: "text", icon: IconTypography },
  { value: "stamp", icon: IconMusic },
  { value: "erase", icon: IconEraser },
];

/**
 * A score read on screen (the song page's reader, sing mode): the pages drawn by pdf.js (ScoreViewer), the markings of
 * the choir in context over them — the reader's own, their part's (every part's for an administrator) and the whole
 * choir's, each layer shown or hidden — and, with the pencil on, tools to mark: pencil, highlighter, words and stamps,
 * with undo and redo. A member marks for themselves; an administrator also for a part or the whole choir.
 */
export function ScoreReader({
  score,
  title,
  choirId,
  myPart,
  view,
  mode,
  interactive = true,
  onView,
}: {
  score: Score;
  title: string;
  /** The choir whose markings are shown and written; null: none (a song read outside any choir). */
  choirId: string | null;
  myPart: string | null;
  /** The view shown, its mode and whether the reader turns it itself: sing mode decides these (ScoreView). */
  view?: number;
  mode?: ScoreMode;
  interactive?: boolean;
  onView?: (view: number, page: number) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser().data ?? null;
  const choir = useChoir(choirId ?? "");
  const isAdmin = choir.data && user ? isChoirAdmin(choir.data, user.id) : false;
  const { markings, save, remove } = useScoreMarkings(score.id, choirId, user?.id ?? "");
  const [layers, setLayers] = useState<Layers>(ALL_LAYERS);
  const [isMarking, setMarking] = useState(false);
  const [tool, setTool] = useState<ToolChoice>("pen");
  const [stamp, setStamp] = useState<MarkingStamp>("breath");
  const [target, setTarget] = useState<string>("private");
  const [asking, setAsking] = useState<{ page: number; x: number; y: number } | null>(null);
  const [history, setHistory] = useState<History>(NO_HISTORY);
  const load = useCallback(() => fetchScoreBytes(score), [score]);

  const scope: MarkingScope = target === "private" ? "private" : target === "choir" ? "choir" : "part";
  const writePart = scope === "part" ? target.slice("part:".length) : null;
  // The standard parts and the choir's own, as tracks offer them (without the full mix).
  const parts = trackPartChoices(choir.data?.voiceParts).filter((part) => part !== TRACK_FULL_MIX);

  const shown = useMemo(
    () => shownMarkings(markings, layers, myPart, isAdmin),
    [markings, layers, myPart, isAdmin],
  );

  const add = async (marking: Marking) => {
    if (!choirId) return;
    const outcome = await save({
      id: marking.id,
      choirId,
      scope: marking.scope,
      part: marking.part,
      page: marking.page,
      kind: marking.kind,
      data: marking.data,
    });
    return outcome;
  };

  const draw = (pageNumber: number, kind: Marking["kind"], data: StrokeData | TextData) => {
    if (!choirId || !user) return;
    const marking: Marking = {
      id: crypto.randomUUID(),
      scope,
      part: writePart,
      page: pageNumber,
      kind,
      data,
      authorId: user.id,
      updatedAt: new Date().toISOString(),
    };
    setHistory((steps) => recorded(steps, { kind: "add", marking }));
    void add(marking);
  };

  const apply = (step: ReturnType<typeof undoStep>) => {
    if (!step) return;
    setHistory(step.history);
    if ("put" in step.change) void add(step.change.put);
    else void remove(step.change.remove);
  };
  const undo = () => apply(undoStep(history));
  const redo = () => apply(redoStep(history));

  const color = tool === "highlighter" ? "yellow" : LAYER_COLOR[scope];
  const drawTool: DrawTool | null = !isMarking
    ? null
    : tool === "pen" || tool === "highlighter" || tool === "erase"
      ? tool
      : "place";

  /** A marking the reader may take away: their own, or the choir's and the parts' for an administrator. */
  const erase = (markingId: string) => {
    const marking = markings.find((candidate) => candidate.id === markingId);
    if (!marking || (marking.scope === "private" ? marking.authorId !== user?.id : !isAdmin)) return;
    setHistory((steps) => recorded(steps, { kind: "remove", marking }));
    void remove(marking.id);
  };

  const place = (pageNumber: number, x: number, y: number) => {
    if (tool === "stamp")
      draw(pageNumber, "text", { x, y, text: "", stamp, size: 0.04, color: LAYER_COLOR[scope] });
    else setAsking({ page: pageNumber, x, y });
  };

  const targets = [
    { value: "private", label: t("scores.marking.forMe") },
    ...(isAdmin
      ? [
          { value: "choir", label: t("scores.marking.forChoir") },
          ...parts.map((part) => ({ value: `part:${part}`, label: t("scores.marking.forPart", { part }) })),
        ]
      : []),
  ];

  return (
    <div className={classes.reader} data-testid="score-reader">
      {choirId ? (
        <Group gap="xs" className={classes.toolbar} wrap="wrap">
          <Button
            variant={isMarking ? "filled" : "default"}
            leftSection={<IconPencil size={18} aria-hidden="true" />}
            aria-pressed={isMarking}
            onClick={() => setMarking((value) => !value)}
            data-testid="score-mark"
          >
            {t("scores.marking.mark")}
          </Button>
          {isMarking ? (
            <>
              <Group
                gap={4}
                wrap="nowrap"
                role="group"
                aria-label={t("scores.marking.tool")}
                data-testid="score-tool"
              >
                {TOOLS.map(({ value, icon: Icon }) => (
                  <ActionIcon
                    key={value}
                    variant={tool === value ? "filled" : "default"}
                    size={44}
                    onClick={() => setTool(value)}
                    aria-pressed={tool === value}
                    aria-label={t(`scores.marking.${value}`)}
                    data-testid={`score-tool-${value}`}
                  >
                    <Icon size={20} aria-hidden="true" />
                  </ActionIcon>
                ))}
              </Group>
              {tool === "stamp" ? (
                <Select
                  aria-label={t("scores.marking.stampChoice")}
                  value={stamp}
                  onChange={(value) => setStamp((value as MarkingStamp | null) ?? "breath")}
                  allowDeselect={false}
                  data={MARKING_STAMPS.map((value) => ({ value, label: t(`scores.stamps.${value}`) }))}
                  className={classes.narrowSelect}
                  data-testid="score-stamp"
                />
              ) : null}
              {targets.length > 1 ? (
                <Select
                  aria-label={t("scores.marking.layer")}
                  value={target}
                  onChange={(value) => setTarget(value ?? "private")}
                  allowDeselect={false}
                  data={targets}
                  className={classes.narrowSelect}
                  data-testid="score-layer"
                />
              ) : null}
              <ActionIcon
                variant="default"
                size={44}
                onClick={undo}
                disabled={history.done.length === 0}
                aria-label={t("scores.marking.undo")}
                data-testid="score-undo"
              >
                <IconArrowBackUp size={20} aria-hidden="true" />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={44}
                onClick={redo}
                disabled={history.undone.length === 0}
                aria-label={t("scores.marking.redo")}
                data-testid="score-redo"
              >
                <IconArrowForwardUp size={20} aria-hidden="true" />
              </ActionIcon>
            </>
          ) : null}
          <Menu closeOnItemClick={false} position="bottom-end">
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconStack2 size={18} aria-hidden="true" />}
                data-testid="score-layers"
              >
                {t("scores.marking.layers")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Stack gap="xs" p="xs">
                {(["private", "part", "choir"] as const).map((layer) => (
                  <Checkbox
                    key={layer}
                    label={t(`scores.marking.show.${layer}`)}
                    checked={layers[layer]}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setLayers((value) => ({ ...value, [layer]: checked }));
                    }}
                    data-testid={`score-layer-${layer}`}
                  />
                ))}
              </Stack>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ) : null}
      <div className={classes.viewer}>
        <ScoreView
          load={load}
          title={title}
          pages={score.pages}
          view={view}
          mode={mode}
          interactive={interactive}
          onView={onView}
          overlay={(pageNumber, size) => (
            <MarkingsOverlay
              markings={shown.filter((marking) => marking.page === pageNumber)}
              size={size}
              tool={drawTool}
              color={color}
              onStroke={(kind, data) => draw(pageNumber, kind, data)}
              onPlace={(x, y) => place(pageNumber, x, y)}
              onErase={erase}
            />
          )}
        />
      </div>
      <WordsDialog
        opened={asking !== null}
        onCancel={() => setAsking(null)}
        onSave={(words) => {
          if (asking)
            draw(asking.page, "text", {
              x: asking.x,
              y: asking.y,
              text: words,
              size: 0.025,
              color: LAYER_COLOR[scope],
            });
          setAsking(null);
        }}
      />
    </div>
  );
}

function WordsDialog({
  opened,
  onCancel,
  onSave,
}: {
  opened: boolean;
  onCancel: () => void;
  onSave: (words: string) => void;
}) {
  const { t } = useTranslation();
  const [words, setWords] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (words.trim()) onSave(words.trim());
    setWords("");
  };
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t("scores.marking.wordsTitle")}
      data-testid="score-words-dialog"
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={t("scores.marking.words")}
            placeholder={t("scores.marking.wordsHint")}
            value={words}
            maxLength={200}
            onChange={(event) => setWords(event.currentTarget.value)}
            data-autofocus
            data-testid="score-words"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" data-testid="score-words-save">
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
