import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { showToast } from "../../../lib/toast";
import classes from "./playlist-screen.module.css";

/** How long the "Undo" stays offered. */
export const UNDO_MS = 10_000;

let nextId = 0;

/**
 * Says what was just done with an "Undo" button beside it, for UNDO_MS; the button takes the toast away and calls
 * `onUndo` once.
 */
export function showUndoable({
  message,
  undoLabel,
  onUndo,
}: {
  message: string;
  undoLabel: string;
  onUndo: () => void;
}): void {
  nextId += 1;
  const id = `undo-${nextId}`;
  let isUndone = false;
  showToast({
    id,
    color: "teal",
    withBorder: true,
    autoClose: UNDO_MS,
    message: (
      <span className={classes.undoToast} data-testid="undo-toast">
        <span>{message}</span>
        <Button
          variant="light"
          className={classes.undoButton}
          onClick={() => {
            if (isUndone) return;
            isUndone = true;
            notifications.hide(id);
            onUndo();
          }}
          data-testid="undo-button"
        >
          {undoLabel}
        </Button>
      </span>
    ),
  });
}
