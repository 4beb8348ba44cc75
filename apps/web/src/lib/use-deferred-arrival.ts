import { useDeferredValue } from "react";

/**
 * `value` once it has been drawn in a deferred render: while it is still undefined there, undefined. React slices a
 * deferred render, so a page's data arriving does not hold the main thread for the whole page at once; later changes
 * (a refetch, signing out) show at once.
 */
export function useDeferredArrival<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
