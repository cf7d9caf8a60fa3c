/**
 * The calls of accounts: sign-in, registration, the profile, account security and personal API
 * tokens (one module of the endpoint table, endpoints.ts).
 */
import { endpoint, pageOf, schema } from "./endpoint.js";
import { message, user } from "./shared-schemas.js";

const apiToken = schema("tokens", "apiTokenSchema");
const myBrand = schema("brand", "myBrandSchema");

/** Sign-in, registration, sign-out and the signed-in user's profile (the specification's). */
export const auth = {
  /** The signed-in user; 401 when signed out. */
  user: endpoint({
    method: "GET",
    path: "/api/auth/user",
    access: "public",
    response: user,
    errors: ["UNAUTHORIZED", "ADMIN_TOKEN_MUST_EXPIRE"],
  }),
  /** Who is signed in: `{ user }`, or `{ user: null }` (200, not 401) when no one is. */
  session: endpoint({
    method: "GET",
    path: "/api/auth/session",
    access: "public",
    response: schema("publicSettings", "sessionResponseSchema"),
    errors: ["ADMIN_TOKEN_MUST_EXPIRE"],
  }),
  login: endpoint({
    method: "POST",
    path: "/api/auth/login",
    access: "public",
    body: schema("forms", "loginRequestSchema"),
    response: user,
    errors: ["INVALID_CREDENTIALS", "EMAIL_NOT_VERIFIED", "FORBIDDEN", "RATE_LIMITED"],
  }),
  register: endpoint({
    method: "POST",
    path: "/api/auth/register",
    access: "public",
    status: 201,
    body: schema("forms", "registerRequestSchema"),
    response: schema("entities", "registerResponseSchema"),
    errors: ["EMAIL_IN_USE", "FORBIDDEN", "RATE_LIMITED"],
  }),
  logout: endpoint({ method: "POST", path: "/api/auth/logout", access: "public", status: 204 }),
  updateProfile: endpoint({
    method: "PUT",
    path: "/api/auth/profile",
    access: "user",
    body: schema("forms", "profileRequestSchema"),
    response: user,
  }),
  changePassword: endpoint({
    method: "PUT",
    path: "/api/auth/password",
    access: "user",
    body: schema("forms", "passwordChangeRequestSchema"),
    response: message,
    errors: ["PASSWORD_INCORRECT", "FORBIDDEN"],
  }),
  /** The link of the verification email (better-auth's own handler): redirects to the app. */
  verifyEmail: endpoint({ method: "GET", path: "/api/auth/verify-email", access: "public" }),
} as const;

/** Account security: email change, password reset, signed-in devices, the user's brand. */
export const account = {
  /** Mails a confirmation link to the new address (and a notice to the current one). */
  requestEmailChange: endpoint({
    method: "POST",
    path: "/api/auth/email-change",
    access: "user",
    status: 202,
    body: schema("account", "emailChangeRequestSchema"),
    response: message,
    errors: ["PASSWORD_INCORRECT", "EMAIL_IN_USE", "API_TOKEN_NOT_ALLOWED", "RATE_LIMITED"],
  }),
  /** Follows the confirmation link: the email changes now. No session needed. */
  confirmEmailChange: endpoint({
    method: "POST",
    path: "/api/auth/email-change/confirm",
    access: "public",
    body: schema("account", "emailChangeConfirmSchema"),
    response: message,
    errors: ["EMAIL_CHANGE_LINK_INVALID", "EMAIL_IN_USE", "RATE_LIMITED"],
  }),
  /** Always the same answer, whether or not the address has an account. */
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/auth/forgot-password",
    access: "public",
    body: schema("account", "forgotPasswordRequestSchema"),
    response: message,
    errors: ["RATE_LIMITED"],
  }),
  /** Sets the new password, ends every session and token, and signs in: the user. */
  resetPassword: endpoint({
    method: "POST",
    path: "/api/auth/reset-password",
    access: "public",
    body: schema("account", "resetPasswordRequestSchema"),
    response: user,
    errors: ["RESET_LINK_INVALID", "RATE_LIMITED"],
  }),
  /** The signed-in devices of the caller, this one marked `current` (a session, not a token). */
  sessions: endpoint({
    method: "GET",
    path: "/api/auth/sessions",
    access: "user",
    response: schema("account", "accountSessionsResponseSchema"),
    errors: ["API_TOKEN_NOT_ALLOWED"],
  }),
  /** Signs out every other device. */
  revokeOtherSessions: endpoint({
    method: "POST",
    path: "/api/auth/sessions/revoke-others",
    access: "user",
    response: schema("account", "revokeOtherSessionsResponseSchema"),
    errors: ["API_TOKEN_NOT_ALLOWED"],
  }),
  /** The signed-in user's partner brand (null: BIS's own reports). */
  brand: endpoint({ method: "GET", path: "/api/brand", access: "user", response: myBrand }),
  /** The brand an analysis' reports carry, its owner's (404 unless yours, or an administrator). */
  analysisBrand: endpoint({
    method: "GET",
    path: "/api/analyses/:id/brand",
    access: "user",
    response: myBrand,
    errors: ["ANALYSIS_NOT_FOUND"],
  }),
  /** A partner's logo (the image bytes), for the reports and the app's header. */
  brandLogo: endpoint({
    method: "GET",
    path: "/api/brands/:partnerId/logo",
    access: "user",
    read: "bytes",
    errors: ["LOGO_NOT_FOUND"],
  }),
} as const;

/** Personal API tokens (the CLI's credential). */
export const tokens = {
  /** Creates a token for the session's user, or for `email` + `password`; the secret once. */
  create: endpoint({
    method: "POST",
    path: "/api/tokens",
    access: "public",
    status: 201,
    body: schema("tokens", "createTokenRequestSchema"),
    response: schema("tokens", "createdTokenSchema"),
    errors: [
      "UNAUTHORIZED",
      "ADMIN_TOKEN_MUST_EXPIRE",
      "API_TOKEN_NOT_ALLOWED",
      "INVALID_CREDENTIALS",
      "EMAIL_NOT_VERIFIED",
      "FORBIDDEN",
      "RATE_LIMITED",
    ],
  }),
  /** Moves a token's expiry (a session or `email` + `password`, never a token). */
  renew: endpoint({
    method: "POST",
    path: "/api/tokens/:id/renew",
    access: "public",
    body: schema("tokens", "renewTokenRequestSchema"),
    response: apiToken,
    errors: [
      "UNAUTHORIZED",
      "ADMIN_TOKEN_MUST_EXPIRE",
      "API_TOKEN_NOT_ALLOWED",
      "INVALID_CREDENTIALS",
      "EMAIL_NOT_VERIFIED",
      "FORBIDDEN",
      "TOKEN_NOT_FOUND",
      "TOKEN_REVOKED",
      "RATE_LIMITED",
    ],
  }),
  list: endpoint({
    method: "GET",
    path: "/api/tokens",
    access: "user",
    response: pageOf("tokens", "tokens", "apiTokenSchema"),
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/api/tokens/:id",
    access: "user",
    response: apiToken,
    errors: ["TOKEN_NOT_FOUND"],
  }),
} as const;
