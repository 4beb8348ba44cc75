/** The editor's keyboard shortcuts: Ctrl+S (Cmd+S on a Mac) saves, Ctrl+P (Cmd+P) switches the preview. */
export type EditorShortcut = "save" | "preview";

export function editorShortcut(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">,
): EditorShortcut | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const key = event.key.toLowerCase();
  if (key === "s") return "save";
  if (key === "p") return "preview";
  return null;
}

/** How the shortcuts' modifier is written on this device: ⌘ on Apple systems, Ctrl elsewhere. */
export function modifierLabel(userAgent: string): string {
  return /Mac|iPhone|iPad|iPod/i.test(userAgent) ? "⌘" : "Ctrl";
}
