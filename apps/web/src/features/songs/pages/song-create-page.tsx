import { LoadingView } from "../../../components/loading-view";

/** Placeholder until the screen lands. */
export function SongCreatePage() {
  return <LoadingView />;
}
