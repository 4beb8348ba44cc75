import { lazyWhenOpened } from "../lazy-when-opened";

export interface ShareModalProps {
  playlistId: string;
  opened: boolean;
  onClose: () => void;
  /** Public: anyone with the link opens it. Private: only the choir's members, signed in. */
  isPublic: boolean;
  /** The playlist's choir, named in the private wording. */
  choirName?: string | null;
  /** Makes the playlist public; given only to those who may edit the playlist. */
  onMakePublic?: () => Promise<unknown>;
  /** The choir's voice parts (the standard four and its own), each offered for printing its scores. */
  voiceParts?: readonly string[];
  /** The reader's own voice part in the choir, or null when they have none. */
  myPart?: string | null;
}

/** Share a playlist: who can open its link, the link, a QR code and the PDF. The dialog's code loads the first time it opens. */
export const ShareModal = lazyWhenOpened<ShareModalProps>(
  async () => (await import("./share-modal-dialog")).ShareModalDialog,
);
