/** The server's messages the web app shows as they are; plain values, no schemas, so the app loads no validation library for them. */

export const CHOIR_MESSAGES = {
  nameTaken: "A choir with this name already exists",
  lastAdmin: "A choir needs at least one administrator",
  alreadyMember: "You are already a member of this choir",
} as const;

export const INVITATION_MESSAGES = {
  expired: "This invitation has expired or has been deactivated",
  notFound: "Invitation not found or expired",
  wrongRecipient: "This invitation was sent to another e-mail address",
  addressMailLimit:
    "This address has already been sent 3 invitations in the last hour. Please try again later.",
  choirMailLimit: "This choir has already sent 100 invitations in the last 24 hours. Please try again later.",
  /** 409 `invitation_answered`: revoking an e-mail invitation that was accepted or declined already. */
  alreadyAnswered: "This invitation has already been answered",
} as const;

export const PLAYLIST_MESSAGES = {
  notFound: "Playlist not found",
  songAlreadyInPlaylist: "Song already in playlist",
  /** No longer answered: a date may hold several playlists. Kept so that older clients' translations still match. */
  dateTaken: "A playlist already exists for this date",
  songNotInPlaylist: "Song not in playlist",
  sectionNotFound: "Section not found",
  movedMeanwhile: "The song is no longer in that section",
  /** 412: an edit sent with `If-Match` (the `updatedAt` it was based on) after someone else changed the playlist. */
  changedMeanwhile: "This playlist was changed by someone else meanwhile",
  tooManySongs: "A playlist holds at most 200 songs",
  /** 400: a playlist's `leaderId` that is not a member of its choir. */
  leaderNotMember: "The person leading must be a member of the choir",
  /**
   * 422 `not_a_choir_version`: an entry switched (`PATCH …/songs/{songId}` with `songId`) to a song that is neither the
   * playlist's choir's version of the entry's song nor the original that version was made from.
   */
  notAChoirVersion: "An entry can only switch between a song and the choir's version of it",
} as const;

export const SONG_MESSAGES = {
  notFound: "Song not found",
  versionExists: "A version of this song already exists for your choir.",
  choirRequired: 'Please select at least one choir when setting visibility to "Public to Choirs".',
  notCreator: "Only the creator of a song can change it.",
  /** 429: the person created as many songs as one day allows (SONG_CREATE_LIMIT_PER_DAY). */
  dailyLimit: "You have created as many songs as one day allows. Please try again later.",
  /** 409: an import confirmed with a preview's digest whose files no longer read as previewed. */
  importChanged: "The files no longer read as the preview showed them: preview them again.",
  /** 400: an import's per-song choices (`songs`) sent without a preview's digest, or not one for each song. */
  importChoices: "Send one choice for each song the preview showed, with the preview's digest.",
  /** 400: an imported song shared with a choir when the import names none (`choirId`). */
  importChoirRequired: "Songs are shared with the choir the import names: give its choirId.",
  /** 422 `work_too_long`: an import, export or songbook ran past the worker pools' time budget (WORKER_TASK_BUDGET_MS). */
  workTooLong: "This took too long to prepare. Please try again with fewer or smaller files or songs.",
  /** 429 `work_in_flight`: the person's previous import or export is still under way (one at a time per person). */
  workInFlight: "Your previous import or export is still under way. Please wait for it to finish.",
} as const;

export const TEMPLATE_MESSAGES = {
  notFound: "Template not found",
  titleRequired: "Template title is required",
  atLeastOneSection: "At least one section with a title is required",
  cannotDeleteDefault: "Cannot delete the default template",
  globalReadOnly: "Built-in templates are read-only.",
  choirRequired: "Choir selection is required",
} as const;

/** The server's plain sign-in failure (`/auth/callback?error=`). */
export const SIGN_IN_FAILED = "Authentication failed. Please try again.";

/**
 * Every message the server puts in `/auth/callback?error=`: the web app recognises these by their exact text and
 * shows its own translated explanation; any other text there is treated as a plain failure and never shown.
 */
export const SIGN_IN_ERRORS = {
  unknownState: "Sign-in failed: this sign-in attempt is unknown or has expired. Please try again.",
  otherBrowser: "Sign-in failed: this sign-in was started in another browser. Please sign in again here.",
  cancelled: "Sign-in was cancelled or denied.",
  failed: SIGN_IN_FAILED,
  providerUnavailable: "No connection to the sign-in service. Please try again in a moment.",
} as const;
