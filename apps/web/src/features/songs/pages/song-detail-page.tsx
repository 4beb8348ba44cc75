import { LoadingView } from "../../../components/loading-view";

/** Placeholder until the screen lands. */
export function SongDetailPage() {
  return <LoadingView />;
}
