export * from "./server.js";
export * from "./smtp.js";
export * from "./users.js";
