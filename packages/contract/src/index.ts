export * from "./auth.js";
export * from "./choirs.js";
export * from "./errors.js";
export * from "./invitations.js";
export * from "./limits.js";
export * from "./songs.js";
export * from "./users.js";
