import { Text } from "@mantine/core";
import { IconMusic } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./loading-view.module.css";

export const LOADING_ICON_SIZES = { sm: 16, md: 24, lg: 32, xl: 48 } as const;
export const LOADING_HERO_ICON_SIZE = 80;

export type LoadingVariant = "default" | "minimal" | "card" | "fullscreen";
export type LoadingSize = keyof typeof LOADING_ICON_SIZES;

export interface LoadingViewProps {
  variant?: LoadingVariant;
  size?: LoadingSize;
  /** Defaults to the common loading text. */
  message?: string;
}

/** A pulsing music icon with a message, announced politely to screen readers. */
export function LoadingView({ variant = "default", size = "lg", message }: LoadingViewProps) {
  const { t } = useTranslation();
  const iconSize = variant === "fullscreen" ? LOADING_HERO_ICON_SIZE : LOADING_ICON_SIZES[size];
  const variantClass = variant === "default" ? "" : classes[variant];
  const textSize = variant === "minimal" ? "sm" : variant === "fullscreen" ? "lg" : "md";
  return (
    <div
      className={`${classes.root} ${variantClass ?? ""}`}
      role="status"
      aria-live="polite"
      data-variant={variant}
    >
      <IconMusic className={classes.icon} size={iconSize} stroke={1.6} aria-hidden="true" />
      <Text size={textSize} c="dimmed" fw={500}>
        {message ?? t("common.loading")}
      </Text>
    </div>
  );
}
