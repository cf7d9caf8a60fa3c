/** `bis admin …`: users, analytics, settings and widget partners (administrators only). */
import { type AppSettings, allPages, type NodeClient } from "@bis/sdk/node";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { respond } from "../session.js";
import { analyticsDoc, fields, partnersDoc, settingsDoc, text, usersDoc } from "../ui/index.js";
import { type PageOptions, showList } from "./paging.js";

/* ------------------------------------------------------------------ users */

export function usersList(options: GlobalOptions & PageOptions, io: Io): Promise<number> {
  return showList(options, io, {
    noun: "users",
    command: "bis admin users list",
    pageOf: (client) => (q) => client.admin.usersPage(q),
    doc: usersDoc,
  });
}

/** A user id, or an email address looked up in the user list (every page). */
async function userIdOf(client: NodeClient, who: string): Promise<{ id: string; email: string }> {
  const users = await allPages((q) => client.admin.usersPage(q));
  const needle = who.trim().toLowerCase();
  const found = users.find((u) => u.id === who || u.email.toLowerCase() === needle);
  if (!found)
    throw new CliError(`No user "${who}".`, "Give an id or an email from `bis admin users list`.");
  return { id: found.id, email: found.email };
}

export function setAdmin(
  options: GlobalOptions & { user: string; isAdmin: boolean },
  io: Io,
): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const target = await userIdOf(client, options.user);
    const updated = await client.admin.setAdmin(target.id, options.isAdmin);
    const now = updated.isAdmin ? "now an administrator" : "no longer an administrator";
    return { data: updated, doc: [text(`${updated.email} is ${now}.`, "success")] };
  });
}

export function usersDelete(
  options: GlobalOptions & { user: string; yes?: boolean },
  io: Io,
): Promise<number> {
  return respond(options, io, async ({ client }, ui) => {
    const target = await userIdOf(client, options.user);
    if (!options.yes) {
      const typed = await ui.prompt(
        `Type the email to delete ${target.email} and everything they own`,
        {
          hint: "Pass --yes to delete without asking.",
        },
      );
      if (typed.trim().toLowerCase() !== target.email.toLowerCase())
        throw new CliError("Not deleted: the email did not match.");
    }
    const result = await client.admin.deleteUser(target.id);
    return { data: result, doc: [text(`Deleted ${target.email}.`, "success")] };
  });
}

/* ------------------------------------------------------------------ analytics, settings */

export function analytics(options: GlobalOptions, io: Io): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const result = await client.admin.analytics();
    return { data: result, doc: analyticsDoc(result) };
  });
}

export function settingsGet(options: GlobalOptions & { key?: string }, io: Io): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const settings = await client.admin.settings();
    if (options.key === undefined) return { data: settings, doc: settingsDoc(settings) };
    const key = checkKey(settings, options.key);
    const one = { [key]: settings[key] };
    return { data: one, doc: settingsDoc(one) };
  });
}

function checkKey(settings: AppSettings, key: string): keyof AppSettings {
  if (!(key in settings))
    throw new CliError(
      `Unknown setting "${key}".`,
      `Settings: ${Object.keys(settings).join(", ")}.`,
    );
  return key as keyof AppSettings;
}

export function settingsSet(
  options: GlobalOptions & { key: string; value: string },
  io: Io,
): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const key = checkKey(await client.admin.settings(), options.key);
    const settings = await client.admin.updateSettings({ [key]: options.value });
    return {
      data: settings,
      doc: [
        text(`${key} ${options.value ? "set" : "cleared"}.`, "success"),
        ...settingsDoc({ [key]: settings[key] }),
      ],
    };
  });
}

/* ------------------------------------------------------------------ partners */

export function partnersList(options: GlobalOptions & PageOptions, io: Io): Promise<number> {
  return showList(options, io, {
    noun: "partners",
    command: "bis admin partners list",
    pageOf: (client) => (q) => client.admin.partnersPage(q),
    doc: partnersDoc,
  });
}

export async function partnersCreate(
  options: GlobalOptions & {
    name: string;
    origin: string[];
    webhook?: string;
    quota?: string | number;
  },
  io: Io,
): Promise<number> {
  if (!options.origin?.length)
    throw new CliError(
      "A partner needs at least one allowed origin.",
      "Add --origin https://partner.example (repeat it for more).",
    );
  const quota = options.quota === undefined ? undefined : Number(options.quota);
  if (quota !== undefined && (!Number.isInteger(quota) || quota < 0))
    throw new CliError("--quota must be a whole number of analyses per day.");
  return respond(options, io, async ({ client }) => {
    const created = await client.admin.createPartner({
      name: options.name,
      allowedOrigins: options.origin,
      ...(options.webhook ? { webhookUrl: options.webhook } : {}),
      ...(quota !== undefined ? { dailyQuota: quota } : {}),
    });
    const doc = [
      text(`Created partner ${created.partner.name}.`, "success"),
      fields([
        { label: "Id", value: created.partner.id },
        { label: "Public key", value: created.partner.publicKey, note: "the widget's partner-key" },
        {
          label: "Webhook secret",
          value: created.webhookSecret,
          note: "shown this once: store it now",
          tone: "warning",
        },
        { label: "Origins", value: created.partner.allowedOrigins.join(" ") },
        { label: "Daily quota", value: String(created.partner.dailyQuota) },
      ]),
    ];
    return { data: created, doc };
  });
}

export function partnersRevoke(options: GlobalOptions & { id: string }, io: Io): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const partner = await client.admin.revokePartner(options.id);
    const revoked = `Revoked partner ${partner.name}: its widget stops answering now.`;
    return { data: partner, doc: [text(revoked, "success")] };
  });
}
