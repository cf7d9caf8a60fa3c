/** A real SMTP server for tests: receives mail on loopback and hands it to the test. */
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  url: string;
  all(): ReceivedMail[];
  /** Resolves with the next mail to `to` not yet taken (waits for it to arrive). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function toMail(parsed: ParsedMail): ReceivedMail {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return {
    to: to?.value[0]?.address?.toLowerCase() ?? "",
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
  };
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(toMail(parsed));
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    all: () => [...received],
    waitFor(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = received.find((m) => m.to === address && !taken.has(m));
          if (!mail) return false;
          taken.add(mail);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one BIS link (path `path`, with `?token=`) in a mail's plain text. */
export function linkIn(mail: { text: string }, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=[^\\s]+`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in:\n${mail.text}`);
  return match[0];
}

/** The token of a BIS link. */
export const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

/** The verification link in a BIS mail. */
export function verificationLink(mail: { text: string }): string {
  const match = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text);
  if (!match) throw new Error(`No verification link in mail:\n${mail.text}`);
  return match[0];
}
