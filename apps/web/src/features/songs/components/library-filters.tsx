import type { SongSort } from "@choir/contract";
import { CloseButton, NativeSelect, Switch, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconHistory, IconSearch } from "@tabler/icons-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NOT_SUNG_MONTHS } from "../history";
import {
  effectiveDirection,
  effectiveSort,
  type LibraryFilters,
  SEARCH_DEBOUNCE_MS,
  type SortDirection,
} from "../library";
import classes from "./library.module.css";
import { LibrarySortMenu } from "./library-sort-menu";
import { LibraryTagFilter } from "./library-tag-filter";

export interface LibraryFiltersProps {
  filters: LibraryFilters;
  /** `replace` for typing, so each pause in a search does not become a history entry. */
  onChange: (patch: Partial<LibraryFilters>, options?: { replace?: boolean }) => void;
  searchRef?: RefObject<HTMLInputElement | null>;
  /** The choir context (one of the user's choirs): sorting by last sung and "not sung in" are offered in it. */
  choirId?: string | null;
}

/** The search row (kept in view while scrolling) and, below it, the tag filter and the my-songs switch. */
export function LibraryFiltersBar({ filters, onChange, searchRef, choirId = null }: LibraryFiltersProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState(filters.q);
  const [debouncedTerm] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  // The term last written to the URL: a different `q` arriving from the URL (back, forward, clear filters)
  // replaces what is typed; a settled typed term is written once.
  const written = useRef(filters.q);

  useEffect(() => {
    if (filters.q === written.current) return;
    written.current = filters.q;
    setTerm(filters.q);
  }, [filters.q]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled term is written
  useEffect(() => {
    if (debouncedTerm === written.current) return;
    written.current = debouncedTerm;
    onChange({ q: debouncedTerm }, { replace: true });
  }, [debouncedTerm]);

  const submitNow = (value: string) => {
    if (value === written.current) return;
    written.current = value;
    onChange({ q: value }, { replace: true });
  };

  const sort = effectiveSort({ ...filters, choirId });
  const direction = effectiveDirection({ ...filters, choirId });

  return (
    <>
      <div className={classes.stickySearch}>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and jsdom) */}
        <div role="search" className={classes.searchRow} aria-label={t("songs.library.search.region")}>
          <TextInput
            ref={searchRef}
            className={classes.searchInput}
            size="md"
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") submitNow(term);
              if (event.key === "Escape" && term) {
                event.preventDefault();
                setTerm("");
                submitNow("");
              }
            }}
            placeholder={t("songs.library.search.placeholder")}
            aria-label={t("songs.library.search.label")}
            leftSection={<IconSearch size={20} aria-hidden="true" />}
            rightSection={
              term ? (
                <CloseButton
                  size="md"
                  aria-label={t("songs.library.search.clear")}
                  onClick={() => {
                    setTerm("");
                    submitNow("");
                    searchRef?.current?.focus();
                  }}
                />
              ) : null
            }
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
            data-testid="songs-search-input"
          />
          <LibrarySortMenu
            sort={sort}
            direction={direction}
            hasTerm={filters.q.trim() !== ""}
            hasChoir={choirId !== null}
            onSortChange={(next: SongSort) => onChange({ sort: next })}
            onDirectionChange={(next: SortDirection) => onChange({ dir: next })}
          />
        </div>
      </div>
      <div className={classes.filterRow}>
        <LibraryTagFilter
          className={classes.tagFilter}
          value={filters.tags}
          onChange={(tags) => onChange({ tags })}
        />
        <Switch
          size="md"
          checked={filters.mine}
          onChange={(event) => onChange({ mine: event.currentTarget.checked })}
          label={t("songs.library.mine")}
          data-testid="songs-mine-toggle"
        />
        {choirId ? (
          <NativeSelect
            size="md"
            className={classes.notSungFilter}
            aria-label={t("songs.library.notSung.label")}
            leftSection={<IconHistory size={20} aria-hidden="true" />}
            value={filters.notSung ? String(filters.notSung) : ""}
            onChange={(event) => onChange({ notSung: Number(event.currentTarget.value) || null })}
            data={[
              { value: "", label: t("songs.library.notSung.any") },
              ...NOT_SUNG_MONTHS.map((months) => ({
                value: String(months),
                label: t("songs.library.notSung.months", { count: months }),
              })),
            ]}
            data-testid="songs-not-sung"
          />
        ) : null}
      </div>
    </>
  );
}
