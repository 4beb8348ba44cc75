import { Loader } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { PracticePlayerProps } from "./practice-player";

const Player = lazy(async () => ({ default: (await import("./practice-player")).PracticePlayer }));

/** The practice player, its code loaded the first time it opens (the song page and sing mode stay light). */
export function LazyPracticePlayer(props: PracticePlayerProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-hidden="true" />}>
      <Player {...props} />
    </Suspense>
  );
}
