import { lazyWhenOpened } from "../lazy-when-opened";

export interface ShareModalProps {
  playlistId: string;
  opened: boolean;
  onClose: () => void;
}

/** Share a playlist: its link, a QR code and the PDF. The dialog's code loads the first time it opens. */
export const ShareModal = lazyWhenOpened<ShareModalProps>(
  async () => (await import("./share-modal-dialog")).ShareModalDialog,
);
