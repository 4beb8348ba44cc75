import { Tooltip, type TooltipProps } from "@mantine/core";
import { cloneElement, isValidElement, type PointerEvent, type ReactElement, useState } from "react";

type Handlers = {
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
};

/**
 * A tooltip for an icon button: its words show to a mouse resting on the button (after `openDelay`, half a second
 * unless said), never on a touch screen's tap, and they go as soon as the button is pressed, not to come back until
 * the pointer has left it: a hint left open after a press stays over what the press opened (the practice player
 * under sing mode's "Practice").
 */
export function Hint({ children, openDelay = 500, disabled, ...props }: TooltipProps) {
  const [isPressed, setPressed] = useState(false);
  if (!isValidElement<Handlers>(children)) return children;
  const child = children as ReactElement<Handlers>;
  const target = cloneElement(child, {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      setPressed(true);
      child.props.onPointerDown?.(event);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      setPressed(false);
      child.props.onPointerLeave?.(event);
    },
  });
  return (
    <Tooltip openDelay={openDelay} disabled={disabled || isPressed} {...props}>
      {target}
    </Tooltip>
  );
}
