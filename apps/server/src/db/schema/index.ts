export * from "./choirs.js";
export * from "./invitation-mails.js";
export * from "./invitations.js";
export * from "./playlists.js";
export * from "./songs.js";
export * from "./templates.js";
export * from "./tracks.js";
export * from "./users.js";
