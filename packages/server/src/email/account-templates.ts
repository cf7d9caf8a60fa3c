/**
 * The account-security mails: password reset, email change. They greet nobody by
 * name (a name is user input) and carry at most one link, the one BIS built.
 */
import type { Mail } from "./mailer.js";
import { layout } from "./templates.js";

function mail(
  to: string,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): Mail {
  const link = action ? `\n\n${action.label}: ${action.url}` : "";
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}${link}\n`,
    html: layout(subject, lines, action),
  };
}

export function passwordResetMail(to: string, url: string, minutes: number): Mail {
  return mail(
    to,
    "Reset your BIS password",
    [
      "Hi,",
      "Someone asked to reset the password of the BIS account for this email address. If that was you, follow the link to choose a new password.",
      `The link works once and expires in ${minutes} minutes. Resetting signs you out everywhere and revokes your API tokens.`,
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ],
    { label: "Reset password", url },
  );
}

export function emailChangeConfirmMail(to: string, url: string, hours: number): Mail {
  return mail(
    to,
    "Confirm your new BIS email address",
    [
      "Hi,",
      "Someone asked to use this address to sign in to their BIS account. If that was you, follow the link to confirm it: the change happens only then.",
      `The link works once and expires in ${hours} hour${hours === 1 ? "" : "s"}. If you did not ask for this, ignore this email.`,
    ],
    { label: "Confirm new email address", url },
  );
}

/** To the current address: a change was asked for (it still needs the new address' confirmation). */
export function emailChangeNoticeMail(to: string, newEmail: string, signInUrl: string): Mail {
  return mail(
    to,
    "Your BIS email address is about to change",
    [
      "Hi,",
      `Someone signed in to your BIS account with your password asked to change its email address to ${newEmail}. The change happens only when the link we sent to that address is followed.`,
      "If this was not you, sign in and change your password now: that signs everyone else out, and the change cannot happen without a confirmation from the new address.",
    ],
    { label: "Sign in", url: signInUrl },
  );
}

/** To an address that already has an account: someone tried to move another account onto it. */
export function emailTakenNoticeMail(to: string, signInUrl: string): Mail {
  return mail(
    to,
    "Someone tried to use your email address on BIS",
    [
      "Hi,",
      "Someone asked to change the email address of another BIS account to this address. This address already has a BIS account, so nothing was changed.",
      "If that was you, sign in to this account instead. If not, you can ignore this email.",
    ],
    { label: "Sign in", url: signInUrl },
  );
}
