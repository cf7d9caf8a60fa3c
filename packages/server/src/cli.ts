#!/usr/bin/env node
/** `bis-server`: start the server, create the first administrator, import place data. */
import { adminSetupRequestSchema } from "@bis/sdk";
import { Command } from "commander";
import { ConfigError, loadConfig } from "./config.js";
import { createContext } from "./context.js";
import { AppError } from "./http/errors.js";

const program = new Command()
  .name("bis-server")
  .description("BIS server: market research for local service businesses")
  .version("0.1.0")
  .showHelpAfterError();

program
  .command("start", { isDefault: true })
  .description("start BIS (configuration from environment variables, see docs/configuration.md)")
  .action(async () => {
    const { startServer } = await import("./server.js");
    const config = loadConfig();
    const running = await startServer(config);
    const { logger } = running.context;
    logger.info(
      {
        url: running.url,
        env: config.env,
        dataDir: config.dataDir,
        email: config.email.mode,
        app: config.appDist !== null,
      },
      `BIS is running at ${running.url}`,
    );
    if (!config.appDist)
      logger.warn("The app is not built (packages/app/dist): only the API is served");
    const stop = (signal: string) => {
      logger.info({ signal }, "shutting down");
      running.close().then(() => process.exit(0));
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });

program
  .command("create-admin")
  .description("create the first administrator (only while none exists)")
  .requiredOption("--email <email>", "the administrator's email address")
  .requiredOption("--first-name <name>", "first name")
  .requiredOption("--last-name <name>", "last name")
  .option("--password <password>", "password (default: $BIS_ADMIN_PASSWORD)")
  .addHelpText(
    "after",
    "\nExample:\n  BIS_ADMIN_PASSWORD='s3cret-pass' bis-server create-admin --email ops@example.com --first-name Ada --last-name Ops",
  )
  .action(
    async (options: { email: string; firstName: string; lastName: string; password?: string }) => {
      const input = adminSetupRequestSchema.safeParse({
        email: options.email,
        firstName: options.firstName,
        lastName: options.lastName,
        password: options.password ?? process.env.BIS_ADMIN_PASSWORD,
      });
      if (!input.success) {
        const lines = input.error.issues.map(
          (i) =>
            `  --${String(i.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`,
        );
        throw new AppError("VALIDATION_FAILED", `Invalid administrator:\n${lines.join("\n")}`);
      }
      const context = createContext(loadConfig());
      try {
        const { user } = await context.services.accounts.createFirstAdmin(input.data);
        process.stdout.write(`Administrator created: ${user.email} (${user.id})\n`);
      } finally {
        context.close();
      }
    },
  );

const data = program.command("data").description("manage the place data BIS analyses use");

data
  .command("import <file>")
  .description(
    "import an operator's place extract (CSV with Census Gazetteer / ACS columns); replaces the previous import",
  )
  .addHelpText(
    "after",
    `
Required columns: GEOID, Name, State (two-letter), Population, Latitude, Longitude.
Optional: Housing Units, Households, Single Family Units (or 1-unit detached + 1-unit attached),
Median Household Income, Land Area (sq mi). Header names ignore case, spaces and underscores.
Any bad row and nothing is imported. Serve the import with BIS_PLACE_PROVIDER=import.

Example:
  bis-server data import ./places.csv`,
  )
  .action(async (file: string) => {
    const { openDatabase } = await import("./db/database.js");
    const { importPlacesCsv } = await import("./places/import.js");
    const config = loadConfig();
    const db = openDatabase(config.databaseFile);
    try {
      const result = importPlacesCsv(db, file);
      const places = `${result.imported} place${result.imported === 1 ? "" : "s"}`;
      const states = `${result.states} state${result.states === 1 ? "" : "s"}`;
      const skipped =
        result.skipped > 0
          ? `; skipped ${result.skipped} outside the 50 states (DC, Puerto Rico, territories)`
          : "";
      process.stdout.write(`Imported ${places} from ${file} (${states})${skipped}\n`);
    } finally {
      db.$client.close();
    }
  });

program.parseAsync().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AppError) {
    process.stderr.write(`bis-server: ${error.message}\n`);
  } else {
    process.stderr.write(
      `bis-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
