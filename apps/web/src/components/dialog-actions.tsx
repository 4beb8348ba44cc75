import { Group } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./dialog-actions.module.css";

/**
 * A dialog's buttons, at the end of its last row. On a phone they share the row's width, and when a language's
 * longer labels break them onto two rows, each fills its row.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" className={classes.actions}>
      {children}
    </Group>
  );
}
