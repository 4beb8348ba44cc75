import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingView } from "../components/loading-view";
import { useCurrentUser } from "../lib/session";
import { isPublicPath, redirectAfterAuth } from "../lib/storage";
import { useDeferredArrival } from "../lib/use-deferred-arrival";

/**
 * Signed-out visitors may open only the public pages; anything else sends them home, remembering where they
 * were headed. Signed-in users skip the landing page.
 */
export function AccessRule() {
  const location = useLocation();
  const current = useCurrentUser();
  // The pages open in a deferred render once the person is known (the loading view stays until then).
  const user = useDeferredArrival(current.data);

  if (current.isPending || user === undefined) return <LoadingView variant="fullscreen" />;
  if (!user && !isPublicPath(location.pathname)) {
    return <SendHome from={`${location.pathname}${location.search}`} />;
  }
  if (user && location.pathname === "/") return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

function SendHome({ from }: { from: string }) {
  useEffect(() => {
    redirectAfterAuth.save(from);
  }, [from]);
  return <Navigate to="/" replace />;
}
