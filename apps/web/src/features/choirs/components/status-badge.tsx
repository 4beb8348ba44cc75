import { Badge } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./status-badge.module.css";

export type BadgeTone = "green" | "yellow" | "red" | "gray" | "blue" | "grape";

/** A readable status label in both colour schemes. */
export function StatusBadge({
  tone,
  children,
  "data-testid": testId,
}: {
  tone: BadgeTone;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Badge
      className={classes.badge}
      data-tone={tone}
      variant="light"
      size="lg"
      radius="sm"
      data-testid={testId}
    >
      {children}
    </Badge>
  );
}
