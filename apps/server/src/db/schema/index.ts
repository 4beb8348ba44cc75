export * from "./choirs.js";
export * from "./invitations.js";
export * from "./songs.js";
export * from "./users.js";
