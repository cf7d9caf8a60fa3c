/**
 * Issue 12, defect 10: partner webhooks never reach internal addresses unless the operator
 * allows it, and the data directory and database files are readable by their owner only.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, signedInAdmin, startTestServer, type TestServer } from "./support/index.js";

const SITE = "https://www.cool-supply.example";

describe("partner webhook URLs", () => {
  let bis: TestServer;
  let admin: NodeClient;
  let receiver: Server;
  let hits = 0;

  beforeAll(async () => {
    receiver = createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    bis = await startTestServer({
      BIS_WEBHOOK_RETRY_DELAYS_MS: "10",
      BIS_ALLOW_PRIVATE_WEBHOOKS: "",
    });
    admin = await signedInAdmin(bis);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await bis?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const internal = [
    "http://localhost:8080/hook",
    "http://127.0.0.1/hook",
    "https://127.9.9.9/hook",
    "http://[::1]/hook",
    "https://localhost/hook",
    "https://10.1.2.3/hook",
    "https://172.16.0.1/hook",
    "https://192.168.1.20/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://0.0.0.0/hook",
    "https://100.64.0.1/hook",
    "https://[fd00::1]/hook",
    "https://[fe80::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::ffff:a9fe:a9fe]/hook",
    "https://2130706433/hook",
    "https://0x7f.1/hook",
  ];

  it("refuses loopback, private, link-local and names resolving to them, on create and update", async () => {
    for (const webhookUrl of internal) {
      const error = await errorOf(
        admin.admin.createPartner({ name: "Internal", allowedOrigins: [SITE], webhookUrl }),
      );
      expect([error.status, error.code], webhookUrl).toEqual([400, "VALIDATION_FAILED"]);
      expect(error.serverMessage, webhookUrl).toMatch(/internal address/);
    }
    const { partner } = await admin.admin.createPartner({
      name: "Public",
      allowedOrigins: [SITE],
      webhookUrl: "https://hooks.cool-supply.example/bis",
    });
    expect(partner.webhookUrl).toBe("https://hooks.cool-supply.example/bis");
    const error = await errorOf(
      admin.admin.updatePartner(partner.id, { webhookUrl: "https://169.254.169.254/x" }),
    );
    expect(error.status).toBe(400);
    const partners = await admin.admin.partners();
    const list = Array.isArray(partners)
      ? partners
      : (partners as { partners: typeof partners }).partners;
    expect(list.filter((p) => p.name === "Internal")).toEqual([]);
    expect(list.find((p) => p.id === partner.id)?.webhookUrl).toBe(
      "https://hooks.cool-supply.example/bis",
    );
    expect(hits).toBe(0);
  });
});

describe("partner webhook URLs with BIS_ALLOW_PRIVATE_WEBHOOKS=true", () => {
  let bis: TestServer;
  let admin: NodeClient;
  beforeAll(async () => {
    bis = await startTestServer({ BIS_ALLOW_PRIVATE_WEBHOOKS: "true" });
    admin = await signedInAdmin(bis);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await bis?.close();
  });

  it("accepts a loopback receiver when the operator allows it", async () => {
    const { partner } = await admin.admin.createPartner({
      name: "Local",
      allowedOrigins: [SITE],
      webhookUrl: "http://127.0.0.1:9/hook",
    });
    expect(partner.webhookUrl).toBe("http://127.0.0.1:9/hook");
  });
});

describe("data files", () => {
  let bis: TestServer;
  let parent: string;
  let dataDir: string;
  beforeAll(async () => {
    parent = mkdtempSync(path.join(tmpdir(), "bis-data-files-"));
    dataDir = path.join(parent, "fresh", "data");
    bis = await startTestServer({ BIS_DATA_DIR: dataDir });
  }, 60_000);
  afterAll(async () => {
    await bis?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it("creates the data directory 0700 and the database files 0600", async () => {
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(dataDir).toString(8)).toBe("700");
    // On PostgreSQL the data directory holds only the generated secret.
    const onSqlite = bis.server.context.database.engine === "sqlite";
    const files = onSqlite ? ["bis.db", "bis.db-wal", "bis.db-shm", "secret"] : ["secret"];
    for (const name of files) {
      expect(mode(path.join(dataDir, name)).toString(8), name).toBe("600");
    }
    expect(existsSync(path.join(dataDir, "bis.db"))).toBe(onSqlite);
  });
});
