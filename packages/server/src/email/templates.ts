/** The mails BIS sends, as text and HTML. */
import type { Mail } from "./mailer.js";

/** Longest name a greeting shows (the forms allow 50). */
const GREETING_NAME_MAX = 50;
/** A scheme, "www.", an address, or a dotted host: anything a mail client might turn into a link. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:|www\.|@|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu;

/**
 * "Hi Dana," — or "Hi," when the stored name could carry text of someone else's into the mail:
 * a name is user input, so it is put on one line, bounded, and left out entirely when it looks
 * like a link (mail clients link bare addresses too). Names are checked on input as well
 * (SDK forms); this holds for names stored before that, or set by other means.
 */
export function greeting(firstName: string | null): string {
  const name = (firstName ?? "")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (name === "" || name.length > GREETING_NAME_MAX || LINK_LIKE.test(name)) return "Hi,";
  return `Hi ${name},`;
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;color:#64748b;font-size:13px">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="color:#64748b;font-size:12px">BIS — Professional market research for local service businesses</p></body></html>`;
}

export function verificationMail(to: string, firstName: string | null, url: string): Mail {
  const lines = [
    greeting(firstName),
    "Thanks for creating your BIS account. Confirm your email address to activate it and start your free market analysis.",
    "The link works once and expires in 24 hours. If you did not create this account, ignore this email.",
  ];
  return {
    to,
    subject: "Verify your email address for BIS",
    text: `${lines.join("\n\n")}\n\nVerify your email: ${url}\n`,
    html: layout("Verify your email address", lines, { label: "Verify email address", url }),
  };
}

export function existingAccountMail(to: string, firstName: string | null, signInUrl: string): Mail {
  const lines = [
    greeting(firstName),
    "Someone tried to create a BIS account with this email address, but you already have one.",
    "If that was you, sign in instead. If it was not, you can ignore this email: your account is unchanged.",
  ];
  return {
    to,
    subject: "You already have a BIS account",
    text: `${lines.join("\n\n")}\n\nSign in: ${signInUrl}\n`,
    html: layout("You already have a BIS account", lines, { label: "Sign in", url: signInUrl }),
  };
}
