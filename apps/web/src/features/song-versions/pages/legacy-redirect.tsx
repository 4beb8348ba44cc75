import { Navigate, useParams } from "react-router";
import { legacyVersionsPath } from "../legacy-paths";

/** /choirs/{choirId}/*: the spec's other path family for the versions area, sent to this app's screens. */
export function LegacyVersionsRedirect() {
  const { choirId = "", "*": rest } = useParams();
  return <Navigate to={legacyVersionsPath(choirId, rest)} replace />;
}
