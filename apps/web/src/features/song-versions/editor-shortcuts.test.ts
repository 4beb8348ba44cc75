// @vitest-environment node
import { describe, expect, it } from "vitest";
import { editorShortcut, modifierLabel } from "./editor-shortcuts";

const key = (
  k: string,
  mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe("editor shortcuts", () => {
  it("saves with Ctrl+S and Cmd+S", () => {
    expect(editorShortcut(key("s", { ctrlKey: true }))).toBe("save");
    expect(editorShortcut(key("s", { metaKey: true }))).toBe("save");
    expect(editorShortcut(key("S", { ctrlKey: true }))).toBe("save");
  });

  it("switches the preview with Ctrl+P and Cmd+P", () => {
    expect(editorShortcut(key("p", { ctrlKey: true }))).toBe("preview");
    expect(editorShortcut(key("p", { metaKey: true }))).toBe("preview");
  });

  it("leaves plain typing and other combinations alone", () => {
    expect(editorShortcut(key("s"))).toBeNull();
    expect(editorShortcut(key("p"))).toBeNull();
    expect(editorShortcut(key("s", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(editorShortcut(key("p", { ctrlKey: true, altKey: true }))).toBeNull();
    expect(editorShortcut(key("c", { ctrlKey: true }))).toBeNull();
  });
});

describe("shortcut modifier label", () => {
  it("reads ⌘ on Apple systems and Ctrl elsewhere", () => {
    expect(modifierLabel("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)")).toBe("⌘");
    expect(modifierLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe("⌘");
    expect(modifierLabel("Mozilla/5.0 (X11; Linux x86_64)")).toBe("Ctrl");
    expect(modifierLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("Ctrl");
  });
});
