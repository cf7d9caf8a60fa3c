export * from "./server.js";
export * from "./smtp.js";
