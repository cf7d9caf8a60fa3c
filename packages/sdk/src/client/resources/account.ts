/**
 * Account security calls: email change with confirmation, password reset, and the
 * signed-in devices. `createClient(...).account`.
 */
import { endpoints } from "../../api/endpoints.js";
import type {
  AccountSession,
  EmailChangeConfirm,
  EmailChangeRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
} from "../../schemas/account.js";
import type { Transport } from "../transport.js";
import { myBrandCall } from "./partner-brands.js";

const { account } = endpoints;

export function accountResource(t: Transport) {
  return {
    ...myBrandCall(t),
    /** Mails a confirmation link to the new address (and a notice to the current one). */
    requestEmailChange: (body: EmailChangeRequest) => t.call(account.requestEmailChange, { body }),
    /** Follows the confirmation link: the email changes now. No session needed. */
    confirmEmailChange: (body: EmailChangeConfirm) => t.call(account.confirmEmailChange, { body }),
    /** Always the same answer, whether or not the address has an account. */
    forgotPassword: (body: ForgotPasswordRequest) => t.call(account.forgotPassword, { body }),
    /** Sets the new password, ends every session and token, and signs in: the user. */
    resetPassword: (body: ResetPasswordRequest) => t.call(account.resetPassword, { body }),
    /** The signed-in devices of the caller, this one marked `current`. */
    sessions: (): Promise<AccountSession[]> => t.call(account.sessions).then((r) => r.sessions),
    /** Signs out every other device. */
    revokeOtherSessions: () => t.call(account.revokeOtherSessions),
  };
}
