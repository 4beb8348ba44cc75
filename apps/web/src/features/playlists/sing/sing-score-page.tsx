import type { Score } from "@choir/contract";
import { Text } from "@mantine/core";
import { lazy, memo, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { scoreName } from "../../scores/score-names";
import type { ScoreMode } from "../../scores/score-pages";
import type { SingStop } from "./sing-order";
import { stopTitle } from "./sing-song-page";
import classes from "./sing-stage.module.css";

const LazyScoreReader = lazy(() =>
  import("../../scores/components/score-reader").then((module) => ({ default: module.ScoreReader })),
);

/**
 * One song of sing mode shown as its score: the title, which score it is, and its pages at the view the stage turns
 * to (keys, pedals, swipes and the leader's place turn them as they turn a chord sheet), with the choir's markings.
 */
export const SingScorePage = memo(function SingScorePage({
  stop,
  score,
  view,
  mode,
  choirId,
  myPart,
}: {
  stop: SingStop;
  score: Score;
  view: number;
  mode: ScoreMode;
  choirId: string | null;
  myPart: string | null;
}) {
  const { t } = useTranslation();
  const title = stopTitle(stop, t);
  return (
    <article
      className={classes.scorePage}
      aria-labelledby={`sing-heading-${stop.entry.id}`}
      data-testid="sing-score"
      data-score-id={score.id}
    >
      <header className={classes.songHead}>
        <h2 className={classes.songTitle} id={`sing-heading-${stop.entry.id}`}>
          {title}
        </h2>
        <div className={classes.songFacts}>
          <span data-testid="sing-score-name">{scoreName(t, score)}</span>
        </div>
      </header>
      <div className={classes.scoreArea}>
        <Suspense fallback={<Text c="dimmed">{t("scores.viewer.loading")}</Text>}>
          <LazyScoreReader
            score={score}
            title={title}
            choirId={choirId}
            myPart={myPart}
            view={view}
            mode={mode}
            interactive={false}
          />
        </Suspense>
      </div>
    </article>
  );
});
