import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "../lib/api-client";
import { currentUserKey } from "../lib/session";
import { TOAST_LIMIT } from "../lib/toast";
import { cssVariablesResolver, theme } from "./theme";

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
        <ModalsProvider>
          <Notifications limit={TOAST_LIMIT} position="top-center" />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
