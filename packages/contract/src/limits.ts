/** Business limits shared by the browser forms and the server validation. */
export const LIMITS = {
  choirNameMax: 100,
  choirAddressMax: 500,
  choirNotesMax: 1000,
  personNameMax: 100,
  emailMax: 254,
  shareableMaxUsesMin: 1,
  shareableMaxUsesMax: 1000,
  songContentMax: 100_000,
  bodyLimitBytes: 1_048_576,
} as const;

/** Lifetimes, in seconds unless named otherwise. */
export const LIFETIMES = {
  sessionTokenSeconds: 24 * 60 * 60,
  sessionMaxDays: 30,
  signInCodeSeconds: 60,
  authRequestSeconds: 10 * 60,
} as const;
