import "./mantine-styles";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { ApiError } from "../lib/api-client";
import { currentUserKey } from "../lib/session";
import { cssVariablesResolver, theme } from "./theme";

// The toast outlet is its own chunk, fetched once the first screen is up: toasts shown before it arrives wait in
// the store and appear with it.
const Toasts = lazy(async () => ({ default: (await import("./toasts")).Toasts }));

function DeferredToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(want, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(want, 200);
    return () => window.clearTimeout(id);
  }, []);
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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
        <DeferredToasts />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
