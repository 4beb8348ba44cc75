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
} as const;

export const PLAYLIST_MESSAGES = {
  notFound: "Playlist not found",
  songAlreadyInPlaylist: "Song already in playlist",
  dateTaken: "A playlist already exists for this date",
  songNotInPlaylist: "Song not in playlist",
  sectionNotFound: "Section not found",
  movedMeanwhile: "The song is no longer in that section",
  tooManySongs: "A playlist holds at most 200 songs",
} as const;

export const SONG_MESSAGES = {
  notFound: "Song not found",
  versionExists: "A version of this song already exists for your choir.",
  choirRequired: 'Please select at least one choir when setting visibility to "Public to Choirs".',
  notCreator: "Only the creator of a song can change it.",
} as const;

export const TEMPLATE_MESSAGES = {
  notFound: "Template not found",
  titleRequired: "Template title is required",
  atLeastOneSection: "At least one section with a title is required",
  cannotDeleteDefault: "Cannot delete the default template",
  globalReadOnly: "Built-in templates are read-only.",
  choirRequired: "Choir selection is required",
} as const;

/** The server's plain sign-in failure (`/auth/callback?error=`); the auth error page shows no details for it. */
export const SIGN_IN_FAILED = "Authentication failed. Please try again.";
