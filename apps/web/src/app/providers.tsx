import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import { ApiError } from "../lib/api-client";
import { currentUserKey } from "../lib/session";
import { toastOutlet } from "../lib/toast";
import { watchControls } from "../lib/toast-placement";

// The toast outlet is its own chunk, fetched with the first toast: no page needs it to draw, and a toast shown
// before it arrives waits in the store and appears with it.
const Toasts = lazy(async () => ({ default: (await import("./toasts")).Toasts }));

// The controls pressed are remembered from the start, so that even the first toast is placed away from its control.
if (typeof document !== "undefined") watchControls();

function DeferredToasts() {
  const wanted = useSyncExternalStore(toastOutlet.subscribe, toastOutlet.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Offline, reads still run: the service worker answers them from its cache.
      networkMode: "offlineFirst",
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refused call will not succeed on retry.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
    // Offline, a change fails at once with the offline message instead of waiting silently for the network.
    mutations: { networkMode: "always" },
  },
});

/** Forgets everything about the signed-out user. */
export function clearSession(): void {
  queryClient.setQueryData(currentUserKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
}

/** What the signed-in app adds around its pages: the server state and the toasts. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DeferredToasts />
      {children}
    </QueryClientProvider>
  );
}
