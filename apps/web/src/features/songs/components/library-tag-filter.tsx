import { SONG_LIMITS } from "@choir/contract";
import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconTag } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTagSuggestions } from "../api";
import { SEARCH_DEBOUNCE_MS, TAG_FILTER_MATCHES, TAG_FILTER_POPULAR } from "../library";
import { TAG_DROPDOWN_CLOSE_DELAY_MS, unchosenSuggestions } from "../song-form";
import { tagLabel } from "../tag-names";
import { useFirstSuggestion } from "./use-first-suggestion";

export interface LibraryTagFilterProps {
  value: string[];
  onChange: (tags: string[]) => void;
  className?: string;
}

/**
 * Tags a song must all carry. While nothing is typed the most used tags are offered; typing asks for matches
 * 300 ms after the last key. Enter picks the highlighted suggestion (the first one, once the suggestions for the
 * typed text have come); with none, Enter or a comma adds what was typed (trimmed; a tag already chosen is ignored).
 */
export function LibraryTagFilter({ value, onChange, className }: LibraryTagFilterProps) {
  const { t, i18n } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [isFocused, setFocused] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const term = debouncedSearch.trim();
  const suggestions = useTagSuggestions(term, term ? TAG_FILTER_MATCHES : TAG_FILTER_POPULAR, isFocused);
  // Offered, and chosen, by their name in the UI language ("navidad" in Spanish for the tag "christmas"): the
  // server finds a tag by any of its glossary names.
  const options = unchosenSuggestions(suggestions.data ?? [], value).map((option) => ({
    ...option,
    label: tagLabel(option, i18n.language),
  }));
  const isWaiting = suggestions.isFetching || search.trim() !== term;
  useFirstSuggestion(combobox, {
    typed: search,
    isCurrent: !isWaiting,
    names: options.map((option) => option.label),
  });

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  /** Adds each comma-separated tag of `text` and keeps `rest` typed. */
  const add = (text: string, rest = "") => {
    setSearch(rest);
    const next = text.split(",").reduce(withTag, value);
    if (next !== value) onChange(next);
  };

  // Typed or pasted commas end a tag, as in the song form.
  const type = (text: string) => {
    const cut = text.lastIndexOf(",");
    if (cut === -1) setSearch(text);
    else add(text.slice(0, cut), text.slice(cut + 1));
  };

  const remove = (tag: string) => onChange(value.filter((existing) => existing !== tag));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter") {
      event.preventDefault();
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
      add(search);
    } else if (event.key === ",") {
      event.preventDefault();
      add(search);
    } else if (event.key === "Backspace" && search === "" && value.length > 0) {
      remove(value[value.length - 1] as string);
    } else if (event.key === "Escape") {
      combobox.closeDropdown();
    }
  };

  const handleFocus = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setFocused(true);
    combobox.openDropdown();
  };

  // Closing a little after blur lets a click on a suggestion land first.
  const handleBlur = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      combobox.closeDropdown();
      setFocused(false);
    }, TAG_DROPDOWN_CLOSE_DELAY_MS);
  };

  return (
    <Combobox
      store={combobox}
      shadow="md"
      onOptionSubmit={(tagName) => {
        add(tagName);
        combobox.resetSelectedOption();
      }}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          className={className}
          size="md"
          leftSection={<IconTag size={20} aria-hidden="true" />}
          onClick={() => combobox.openDropdown()}
        >
          <Pill.Group>
            {value.map((tag) => (
              <Pill
                key={tag}
                size="lg"
                withRemoveButton
                onRemove={() => remove(tag)}
                removeButtonProps={{
                  "aria-hidden": false,
                  tabIndex: 0,
                  "aria-label": t("songs.library.tags.remove", { tag }),
                }}
                data-testid="songs-tag-chip"
              >
                {tag}
              </Pill>
            ))}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                value={search}
                placeholder={value.length === 0 ? t("songs.library.tags.placeholder") : undefined}
                onChange={(event) => {
                  type(event.currentTarget.value);
                  combobox.openDropdown();
                }}
                onKeyDown={handleKeyDown}
                onFocus={handleFocus}
                onBlur={handleBlur}
                autoComplete="off"
                maxLength={SONG_LIMITS.tagMax}
                aria-label={t("songs.library.tags.label")}
                data-testid="songs-tag-filter"
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown data-testid="songs-tag-suggestions">
        <Combobox.Options aria-label={t("songs.library.tags.suggestions")}>
          {options.length > 0 && !term ? (
            <Combobox.Group label={t("songs.library.tags.popular")}>
              {options.map((option) => (
                <Combobox.Option value={option.label} key={option.tagId} data-testid="songs-tag-suggestion">
                  {option.label}
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : (
            options.map((option) => (
              <Combobox.Option value={option.label} key={option.tagId} data-testid="songs-tag-suggestion">
                {option.label}
              </Combobox.Option>
            ))
          )}
          {options.length === 0 ? (
            isWaiting ? (
              <Group justify="center" py="xs">
                <Loader size="sm" aria-label={t("common.loading")} />
              </Group>
            ) : (
              <Combobox.Empty>
                <Text size="sm" c="dimmed">
                  {t("songs.library.tags.noSuggestions")}
                </Text>
              </Combobox.Empty>
            )
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** `tags` with `text` added, trimmed and cut to the tag limit; the same list when it is empty or already there. */
export function withTag(tags: string[], text: string): string[] {
  const tag = text.trim().slice(0, SONG_LIMITS.tagMax);
  if (!tag || tags.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) return tags;
  return [...tags, tag];
}
