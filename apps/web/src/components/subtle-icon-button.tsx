import { ActionIcon } from "@mantine/core";
import type { TablerIcon } from "@tabler/icons-react";
import type { MouseEventHandler, Ref } from "react";

export interface SubtleIconButtonProps {
  icon: TablerIcon;
  /** The button's accessible name. */
  label: string;
  color?: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  disabled?: boolean;
  /** A tooltip on hover (e.g. why the button is disabled). */
  title?: string;
  "data-testid": string;
  /** Menu and popover targets set it. */
  ref?: Ref<HTMLButtonElement>;
}

/** A row control: a subtle, large icon button named by its label (move, remove and the like). */
export function SubtleIconButton({ icon: Icon, label, color = "gray", ...button }: SubtleIconButtonProps) {
  return (
    <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} {...button}>
      <Icon size={18} aria-hidden="true" />
    </ActionIcon>
  );
}
