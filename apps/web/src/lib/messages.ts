import {
  CHOIR_MESSAGES,
  INVITATION_MESSAGES,
  PLAYLIST_MESSAGES,
  SONG_MESSAGES,
  TEMPLATE_MESSAGES,
} from "@choir/contract";
import { ApiError, NetworkError } from "./api-client";

/** Text to show: a catalogue key (with values) or text that came from the server as it is. */
export type Message = { key: string; values?: Record<string, unknown> } | { text: string };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Renders a message in the current language. */
export function messageText(t: Translate, message: Message): string {
  return "key" in message ? t(message.key, message.values) : message.text;
}

/** The server's contract texts, each read in the user's language instead of English (messages.test.ts checks all). */
const KNOWN_SERVER_MESSAGES: Record<string, string> = {
  [CHOIR_MESSAGES.nameTaken]: "serverMessages.nameTaken",
  [CHOIR_MESSAGES.lastAdmin]: "serverMessages.lastAdmin",
  [CHOIR_MESSAGES.alreadyMember]: "serverMessages.alreadyMember",
  [INVITATION_MESSAGES.expired]: "serverMessages.invitationExpired",
  [INVITATION_MESSAGES.notFound]: "serverMessages.invitationNotFound",
  [INVITATION_MESSAGES.wrongRecipient]: "serverMessages.wrongRecipient",
  [INVITATION_MESSAGES.addressMailLimit]: "serverMessages.invitationAddressMailLimit",
  [INVITATION_MESSAGES.choirMailLimit]: "serverMessages.invitationChoirMailLimit",
  [INVITATION_MESSAGES.alreadyAnswered]: "serverMessages.invitationAnswered",
  [PLAYLIST_MESSAGES.notFound]: "playlistDetail.notFoundTitle",
  [PLAYLIST_MESSAGES.songAlreadyInPlaylist]: "serverMessages.songAlreadyInPlaylist",
  [PLAYLIST_MESSAGES.dateTaken]: "serverMessages.playlistDateTaken",
  [PLAYLIST_MESSAGES.songNotInPlaylist]: "serverMessages.songNotInPlaylist",
  [PLAYLIST_MESSAGES.sectionNotFound]: "serverMessages.sectionNotFound",
  [PLAYLIST_MESSAGES.movedMeanwhile]: "serverMessages.songMovedMeanwhile",
  [PLAYLIST_MESSAGES.changedMeanwhile]: "serverMessages.playlistChangedMeanwhile",
  [PLAYLIST_MESSAGES.tooManySongs]: "serverMessages.tooManySongs",
  [PLAYLIST_MESSAGES.leaderNotMember]: "serverMessages.leaderNotMember",
  [PLAYLIST_MESSAGES.notAChoirVersion]: "serverMessages.notAChoirVersion",
  [SONG_MESSAGES.notFound]: "songs.errors.notFound",
  [SONG_MESSAGES.versionExists]: "songs.errors.versionExists",
  [SONG_MESSAGES.choirRequired]: "songs.errors.choirRequired",
  [SONG_MESSAGES.notCreator]: "songs.errors.notCreator",
  [SONG_MESSAGES.dailyLimit]: "songs.errors.dailyLimit",
  [SONG_MESSAGES.importChanged]: "songs.library.import.changed",
  [SONG_MESSAGES.importChoices]: "serverMessages.importChoices",
  [SONG_MESSAGES.importChoirRequired]: "serverMessages.importChoirRequired",
  [SONG_MESSAGES.workTooLong]: "serverMessages.workTooLong",
  [SONG_MESSAGES.workInFlight]: "serverMessages.workInFlight",
  [TEMPLATE_MESSAGES.notFound]: "serverMessages.templateNotFound",
  [TEMPLATE_MESSAGES.titleRequired]: "templates.validation.titleRequired",
  [TEMPLATE_MESSAGES.atLeastOneSection]: "templates.validation.atLeastOneSectionTitle",
  [TEMPLATE_MESSAGES.cannotDeleteDefault]: "serverMessages.cannotDeleteDefaultTemplate",
  [TEMPLATE_MESSAGES.globalReadOnly]: "serverMessages.templateReadOnly",
  [TEMPLATE_MESSAGES.choirRequired]: "songs.errors.versionChoirRequired",
};

/** A message written by the server: translated when it is one of the contract's texts. */
export function serverMessage(text: string): Message {
  const key = KNOWN_SERVER_MESSAGES[text];
  return key ? { key } : { text };
}

/**
 * The usual reading of a failure: no connection → the network text; the server's own message when it sent one;
 * otherwise the given fallback key.
 */
export function failureMessage(error: unknown, fallbackKey: string): Message {
  if (error instanceof NetworkError) return { key: error.messageKey };
  if (error instanceof ApiError && error.hasBodyMessage && error.message) return serverMessage(error.message);
  return { key: fallbackKey };
}

/**
 * Choir update and delete failures: the `errors` array joined, else the message, else the fallback
 * ('Failed to update choir', 'Failed to delete choir').
 */
export function choirChangeErrorMessage(error: unknown, fallbackKey: string): Message {
  if (error instanceof ApiError && error.errors.length > 0) return { text: error.errors.join(", ") };
  return failureMessage(error, fallbackKey);
}
