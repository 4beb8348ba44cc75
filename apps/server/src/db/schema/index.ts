export * from "./choirs.js";
export * from "./users.js";
