// @modules-apart: the toast outlet is wanted from the first toast of a page on; these tests start before it.
import { notifications, notificationsStore } from "@mantine/notifications";
import { describe, expect, it, vi } from "vitest";
import { showError, showSuccess, TOAST_LIMIT, toastOutlet } from "./toast";

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

describe("the toast store", () => {
  it("holds at most 20 toasts, shown or waiting, keeping the newest", () => {
    notifications.clean();
    for (let n = 1; n <= 25; n++) (n % 2 ? showError : showSuccess)(`Message ${n}`);
    const { notifications: shown, queue } = notificationsStore.getState();
    const all = [...shown, ...queue];
    expect(TOAST_LIMIT).toBe(20);
    expect(all).toHaveLength(20);
    expect(all.map((toast) => toast.message)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Message ${index + 6}`),
    );
    notifications.clean();
  });
});
