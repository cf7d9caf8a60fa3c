#!/usr/bin/env node
/** `bis-server`: start the server, create the first administrator, import or refresh place data. */
import { adminSetupRequestSchema, US_STATES } from "@bis/sdk";
import { Command } from "commander";
import { ConfigError, loadConfig } from "./config.js";
import { createContext } from "./context.js";
import { AppError } from "./lib/errors.js";

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
    // The port opens before the place index is built: a restart answers in seconds.
    const running = await startServer(config, { warmFirst: false });
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
    "\nExample:\n  BIS_ADMIN_PASSWORD='S3cret-pass!' bis-server create-admin --email ops@example.com --first-name Ada --last-name Ops",
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
      const context = await createContext(loadConfig());
      try {
        const { user } = await context.services.accounts.createFirstAdmin(input.data);
        process.stdout.write(`Administrator created: ${user.email} (${user.id})\n`);
      } finally {
        await context.close();
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
    const { importPlacesCsv } = await import("./providers/places/import.js");
    const config = loadConfig();
    const database = await openDatabase(config.database);
    try {
      const result = await importPlacesCsv(database.db, file);
      const places = `${result.imported} place${result.imported === 1 ? "" : "s"}`;
      const states = `${result.states} state${result.states === 1 ? "" : "s"}`;
      const skipped =
        result.skipped > 0
          ? `; skipped ${result.skipped} outside the 50 states and DC (Puerto Rico, territories)`
          : "";
      process.stdout.write(`Imported ${places} from ${file} (${states})${skipped}\n`);
    } finally {
      await database.close();
    }
  });

data
  .command("refresh-census")
  .description(
    "fetch the ACS 5-year tract and place tables of states from the Census Data API again and replace their cache rows (census-api provider)",
  )
  .option(
    "--state <code>",
    "a state to refresh (two-letter code; repeat or separate with commas)",
    (value: string, previous: string[] | undefined) => [...(previous ?? []), ...value.split(",")],
  )
  .option("--all", "refresh all 50 states and DC")
  .addHelpText(
    "after",
    `
Without --state or --all, refreshes the states already cached for CENSUS_VINTAGE.
Uses CENSUS_API_URL, CENSUS_VINTAGE and CENSUS_API_KEY (else the key saved in the admin panel).
A running server reads the new rows after a restart.

Examples:
  bis-server data refresh-census --state TX --state OK
  bis-server data refresh-census --all`,
  )
  .action(async (options: { state?: string[]; all?: boolean }) => {
    const { createCensusApiProvider, censusStates, vintageLabel } = await import(
      "./providers/places/census-api.js"
    );
    const { loadEmbeddedCensus } = await import("./providers/places/embedded.js");
    const config = loadConfig();
    // Unknown codes fail before anything is opened or fetched.
    const requested = censusStates(options.state ?? []).map((s) => s.code);
    const context = await createContext(config);
    try {
      const census = createCensusApiProvider({
        config,
        db: context.db,
        census: loadEmbeddedCensus,
        apiKey: () => context.keys.get("census"),
      });
      const states = options.all
        ? US_STATES.map((s) => s.code)
        : requested.length > 0
          ? requested
          : await census.cachedStates();
      if (states.length === 0) {
        throw new AppError(
          "VALIDATION_FAILED",
          `No state is cached for the ${vintageLabel(config.places.census.vintage)}: name states with --state TX (repeatable) or use --all`,
        );
      }
      const n = (x: number) => x.toLocaleString("en-US");
      const out = process.stdout;
      out.write(
        `Refreshing ${states.length} state${states.length === 1 ? "" : "s"} from ${config.places.census.baseUrl} (${vintageLabel(config.places.census.vintage)})\n`,
      );
      let tracts = 0;
      let places = 0;
      for (const code of states) {
        const [r] = await census.refresh([code]);
        if (!r) continue;
        tracts += r.tractsPlaced;
        places += r.placesListed;
        const tractsLeft = r.tractsLeftOut > 0 ? `, ${n(r.tractsLeftOut)} left out` : "";
        const placesLeft = r.placesLeftOut > 0 ? `, ${n(r.placesLeftOut)} left out` : "";
        out.write(
          `${r.state}: ${n(r.tracts)} tracts (${n(r.tractsPlaced)} placed${tractsLeft}), ${n(r.places)} places (${n(r.placesListed)} listed${placesLeft}); ${r.requests} request${r.requests === 1 ? "" : "s"}\n`,
        );
      }
      out.write(
        `Cached ${n(tracts)} tracts and ${n(places)} places for ${states.length} state${states.length === 1 ? "" : "s"}\n`,
      );
    } finally {
      await context.close();
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
