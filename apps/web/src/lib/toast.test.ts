import { notifications } from "@mantine/notifications";
import { describe, expect, it, vi } from "vitest";
import { showError, showSuccess, toastOutlet } from "./toast";

describe("the toast outlet", () => {
  it("is wanted from the first toast on, and says so once", () => {
    const show = vi.spyOn(notifications, "show").mockReturnValue("id");
    const listener = vi.fn();
    const unsubscribe = toastOutlet.subscribe(listener);
    expect(toastOutlet.wanted()).toBe(false);

    showError("Could not save");
    expect(toastOutlet.wanted()).toBe(true);
    showSuccess("Saved");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledTimes(2);
    unsubscribe();
    show.mockRestore();
  });
});
