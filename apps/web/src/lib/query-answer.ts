import type { QueryClient, QueryKey, Updater } from "@tanstack/react-query";

/**
 * Puts a write's answer in the cache in place of what a query holds. A reading of the same query still in flight
 * (a page that has just opened and refreshes its data) was asked before the write and would land after it, putting
 * the old state back on screen: it is cancelled first, and the query keeps the write's answer.
 */
export async function storeAnswer<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  answer: Updater<T | undefined, T | undefined>,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<T>(queryKey, answer);
}
