export * from "./auth.js";
export * from "./errors.js";
export * from "./limits.js";
export * from "./users.js";
