import type { ReactNode } from "react";
import { lazyWhenOpened } from "./lazy-when-opened";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** A warning shown apart, such as "this cannot be undone". */
  warning?: string;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  "data-testid"?: string;
}

/**
 * A yes/no question in a modal; cancel, close, Escape and an overlay click all answer no. The modal's code loads the
 * first time a dialog opens, not with the page.
 */
export const ConfirmDialog = lazyWhenOpened<ConfirmDialogProps>(
  async () => (await import("./confirm-dialog-modal")).ConfirmDialogModal,
);
