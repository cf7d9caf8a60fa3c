export * from "./analyses.js";
export * from "./errors.js";
export * from "./fake-yelp.js";
export * from "./raw-http.js";
export * from "./routes.js";
export * from "./server.js";
export * from "./smtp.js";
export * from "./users.js";
