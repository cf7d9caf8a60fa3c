/**
 * Account security calls: email change with confirmation, password reset, and the
 * signed-in devices. `createClient(...).account`.
 */
import type {
  AccountSession,
  EmailChangeConfirm,
  EmailChangeRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
} from "../../schemas/account.js";
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";
import { myBrandCall } from "./partner-brands.js";

const account = schemasOf(() => import("../../schemas/account.js"));
const entities = schemasOf(() => import("../../schemas/entities.js"));

export function accountResource(t: Transport) {
  return {
    ...myBrandCall(t),
    /** Mails a confirmation link to the new address (and a notice to the current one). */
    requestEmailChange: (body: EmailChangeRequest) =>
      t.request({
        method: "POST",
        path: "/api/auth/email-change",
        body,
        schema: entities("messageResponseSchema"),
      }),
    /** Follows the confirmation link: the email changes now. No session needed. */
    confirmEmailChange: (body: EmailChangeConfirm) =>
      t.request({
        method: "POST",
        path: "/api/auth/email-change/confirm",
        body,
        schema: entities("messageResponseSchema"),
      }),
    /** Always the same answer, whether or not the address has an account. */
    forgotPassword: (body: ForgotPasswordRequest) =>
      t.request({
        method: "POST",
        path: "/api/auth/forgot-password",
        body,
        schema: entities("messageResponseSchema"),
      }),
    /** Sets the new password, ends every session and token, and signs in: the user. */
    resetPassword: (body: ResetPasswordRequest) =>
      t.request({
        method: "POST",
        path: "/api/auth/reset-password",
        body,
        schema: entities("userSchema"),
      }),
    /** The signed-in devices of the caller, this one marked `current`. */
    sessions: (): Promise<AccountSession[]> =>
      t
        .request({
          method: "GET",
          path: "/api/auth/sessions",
          schema: account("accountSessionsResponseSchema"),
        })
        .then((r) => r.sessions),
    /** Signs out every other device. */
    revokeOtherSessions: () =>
      t.request({
        method: "POST",
        path: "/api/auth/sessions/revoke-others",
        schema: account("revokeOtherSessionsResponseSchema"),
      }),
  };
}
