import { z } from "zod";

/**
 * Page sizes of the list routes that answer a plain array (`?skip=&take=`). A list answers at most `takeMax` items;
 * asking for more is refused with 400, like any other value out of range. A page shorter than `take` is the last one.
 */
export const PAGING_LIMITS = {
  takeDefault: 50,
  takeMax: 100,
  skipMax: 1_000_000,
} as const;

/** Builds the paging query of a list: `skip` (from 0) and `take` (1..max, `takeDefault` when omitted). */
export function pagingQuery(options: { takeDefault?: number; takeMax?: number } = {}) {
  const takeMax = options.takeMax ?? PAGING_LIMITS.takeMax;
  const takeDefault = Math.min(options.takeDefault ?? PAGING_LIMITS.takeDefault, takeMax);
  return z.object({
    skip: z.coerce.number().int().min(0).max(PAGING_LIMITS.skipMax).default(0),
    take: z.coerce.number().int().min(1).max(takeMax).default(takeDefault),
  });
}

/** The paging query every non-search list route accepts; extend it for routes with more query parameters. */
export const Paging = pagingQuery();
export type Paging = z.input<typeof Paging>;
/** Paging after validation: both values present. */
export type Page = z.output<typeof Paging>;
