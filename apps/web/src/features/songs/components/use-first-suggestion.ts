import type { ComboboxStore } from "@mantine/core";
import { useEffect } from "react";

/**
 * Keeps the first suggestion highlighted while suggestions for the typed text are shown, so Enter picks it (the
 * combobox submits a highlighted option on Enter). Nothing is highlighted while nothing is typed or while the
 * suggestions are still for older text: then Enter adds what was typed. An option chosen with the arrows stays
 * chosen until the suggestions change.
 */
export function useFirstSuggestion(
  combobox: ComboboxStore,
  { typed, isCurrent, names }: { typed: string; isCurrent: boolean; names: readonly string[] },
) {
  const list = names.join("\n");
  const isOpen = combobox.dropdownOpened;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the highlight follows the shown list, not the store.
  useEffect(() => {
    if (!isOpen) return;
    if (typed.trim() && isCurrent && list) combobox.selectFirstOption();
    else combobox.resetSelectedOption();
  }, [typed, isCurrent, list, isOpen]);
}
