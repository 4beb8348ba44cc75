import { SONG_LIMITS } from "@choir/contract";
import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTagSuggestions } from "../api";
import {
  addTags,
  TAG_DROPDOWN_CLOSE_DELAY_MS,
  TAG_SUGGESTION_DEBOUNCE_MS,
  TAG_SUGGESTION_LIMIT,
  type TagProblem,
  unchosenSuggestions,
} from "../song-form";
import { tagLabel } from "../tag-names";
import { useFirstSuggestion } from "./use-first-suggestion";

export interface TagInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  /** How many suggestions to ask for; the edit screens use 8. */
  maxSuggestions?: number;
  disabled?: boolean;
  label?: string;
}

/**
 * Tags as removable chips. Enter picks the highlighted suggestion (the first one, once the suggestions for the typed
 * text have come); otherwise Enter or a comma adds the typed tag (trimmed; a duplicate, in any case, is ignored);
 * suggestions come from the server 300 ms after typing stops, without the tags already chosen.
 */
export function TagInput({
  value,
  onChange,
  maxSuggestions = TAG_SUGGESTION_LIMIT,
  disabled,
  label,
}: TagInputProps) {
  const { t, i18n } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, TAG_SUGGESTION_DEBOUNCE_MS);
  const [isFocused, setFocused] = useState(false);
  const [problem, setProblem] = useState<TagProblem>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const suggestions = useTagSuggestions(debouncedSearch, maxSuggestions, isFocused && !disabled);
  // Offered by their name in the UI language: a song tagged with a glossary name is found by the others too.
  const options = unchosenSuggestions(suggestions.data ?? [], value).map((option) => ({
    ...option,
    label: tagLabel(option, i18n.language),
  }));
  const isWaiting = suggestions.isFetching || search.trim() !== debouncedSearch.trim();
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

  /** Adds what was typed; false when it was refused (the text stays so it can be corrected). */
  const add = (text: string): boolean => {
    const result = addTags(value, text);
    setProblem(result.problem);
    if (result.tags !== value) onChange(result.tags);
    return result.problem === null;
  };

  const remove = (tag: string) => {
    setProblem(null);
    onChange(value.filter((existing) => existing !== tag));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter") {
      // Enter never submits the surrounding form; a highlighted suggestion is picked by the combobox itself.
      event.preventDefault();
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
      if (add(search)) setSearch("");
    } else if (event.key === ",") {
      event.preventDefault();
      if (add(search)) setSearch("");
    } else if (event.key === "Backspace" && search === "" && value.length > 0) {
      remove(value[value.length - 1] as string);
    }
  };

  // Pasted text and keyboards that send no key code for the comma still split on commas.
  const handleChange = (text: string) => {
    const cut = text.lastIndexOf(",");
    if (cut === -1) setSearch(text);
    else if (add(text.slice(0, cut))) setSearch(text.slice(cut + 1));
    else setSearch(text.replaceAll(",", ""));
    combobox.openDropdown();
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text/plain");
    if (!pasted.includes(",")) return;
    event.preventDefault();
    handleChange(`${search}${pasted}`);
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

  const problemText =
    problem === "tooLong"
      ? t("songs.form.tagTooLong", { max: SONG_LIMITS.tagMax })
      : problem === "tooMany"
        ? t("songs.form.tooManyTags", { max: SONG_LIMITS.tagsPerSong })
        : null;

  return (
    <Combobox
      store={combobox}
      shadow="md"
      onOptionSubmit={(tagName) => {
        add(tagName);
        setSearch("");
        combobox.resetSelectedOption();
      }}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={label ?? t("songs.form.tags")}
          description={t("songs.form.tagsHint")}
          error={problemText}
          disabled={disabled}
          size="md"
          onClick={() => combobox.openDropdown()}
        >
          <Pill.Group data-testid="tag-list">
            {value.map((tag) => (
              <Pill
                key={tag}
                size="lg"
                withRemoveButton={!disabled}
                onRemove={() => remove(tag)}
                // Mantine hides the remove button from assistive technology; here it is a real, labelled button.
                removeButtonProps={{
                  "aria-hidden": false,
                  tabIndex: 0,
                  "aria-label": t("songs.form.removeTag", { tag }),
                }}
                data-testid="tag-chip"
              >
                {tag}
              </Pill>
            ))}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                value={search}
                placeholder={value.length === 0 ? t("songs.form.tagsPlaceholder") : undefined}
                onChange={(event) => handleChange(event.currentTarget.value)}
                onKeyDown={handleKeyDown}
                onPaste={handlePaste}
                onFocus={handleFocus}
                onBlur={handleBlur}
                autoComplete="off"
                aria-label={label ?? t("songs.form.tags")}
                data-testid="tag-input"
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown hidden={disabled} data-testid="tag-suggestions">
        <Combobox.Options>
          {options.map((option) => (
            <Combobox.Option value={option.label} key={option.tagId} data-testid="tag-suggestion">
              {option.label}
            </Combobox.Option>
          ))}
          {options.length === 0 ? (
            isWaiting ? (
              <Group justify="center" py="xs">
                <Loader size="sm" aria-label={t("common.loading")} />
              </Group>
            ) : (
              <Combobox.Empty>
                <Text size="sm" c="dimmed" data-testid="tag-suggestions-empty">
                  {t("songs.form.noSuggestions")}
                </Text>
              </Combobox.Empty>
            )
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
