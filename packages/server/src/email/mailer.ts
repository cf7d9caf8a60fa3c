/**
 * Outgoing mail. With SMTP_URL, mail goes through SMTP (nodemailer); without it, to a local
 * outbox that is printed to the console and listed by the development-only outbox page.
 */
import { randomUUID } from "node:crypto";
import type { OutboxMessage } from "@bis/sdk";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../config.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly mode: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  /** The outbox (newest first); empty in SMTP mode. */
  outbox(): OutboxMessage[];
  close(): void;
}

const OUTBOX_LIMIT = 100;

export function createMailer({ config, logger }: { config: Config; logger: Logger }): Mailer {
  if (config.email.mode === "smtp") {
    const transport = nodemailer.createTransport(config.email.smtpUrl);
    const from = config.email.from;
    return {
      mode: "smtp",
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
      outbox: () => [],
      close: () => transport.close(),
    };
  }
  const messages: OutboxMessage[] = [];
  return {
    mode: "outbox",
    async send(mail) {
      const message = { id: randomUUID(), createdAt: new Date().toISOString(), ...mail };
      messages.unshift(message);
      messages.length = Math.min(messages.length, OUTBOX_LIMIT);
      logger.info(
        { to: mail.to, subject: mail.subject, id: message.id },
        "mail to outbox (no SMTP_URL set)",
      );
      if (config.env !== "test") {
        const rule = "-".repeat(72);
        process.stdout.write(
          `${rule}\nOutbox mail (set SMTP_URL to send real mail)\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}${rule}\n`,
        );
      }
    },
    outbox: () => [...messages],
    close: () => undefined,
  };
}
