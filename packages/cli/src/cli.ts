/**
 * The `bis` binary. This file only wires commands: each action loads its
 * handler lazily, so `bis --help` never loads the SDK, React or Ink, and calls
 * `handler(options, io)`. Handlers live in commands/, output in ui/.
 */
import { Command, Option } from "commander";
import pkg from "../package.json" with { type: "json" };
import { CliError, EXIT, formatError, toCliError } from "./errors.js";
import { type GlobalOptions, type Io, processIo } from "./io.js";

type Handler<O> = (options: O, io: Io) => Promise<number>;

/**
 * The SDK's values the help states — analysis-request.ts's REQUEST_DEFAULTS and the page sizes —
 * written in by the build (tsup.config.ts `define`), so that help loads no SDK.
 */
declare const BIS_HELP_VALUES: {
  request: typeof import("./analysis-request.js").REQUEST_DEFAULTS;
  pageSize: { default: number; max: number };
};
const { industry, primary, secondary } = BIS_HELP_VALUES.request;
const { pageSize } = BIS_HELP_VALUES;

/** Runs a lazily loaded handler with the command's options (global ones included). */
async function execute<O>(
  command: Command,
  load: () => Promise<Handler<O>>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const options = { ...command.optsWithGlobals<GlobalOptions>(), ...extra } as O & GlobalOptions;
  const io = processIo(options);
  // Ink's colors follow chalk, which reads FORCE_COLOR when first loaded.
  if (!io.color) process.env.FORCE_COLOR = "0";
  let code: number;
  try {
    const handler = await load();
    code = await handler(options, io);
  } catch (error) {
    const failure = error instanceof CliError ? error : toCliError(error);
    process.stderr.write(formatError(failure));
    code = failure.exitCode;
  }
  // Let piped output drain, then leave (keep-alive sockets and stdin must not hold the process).
  await new Promise((resolve) => process.stdout.write("", resolve));
  process.exit(code);
}

/** --limit, --cursor and --all of a list command (commands/paging.ts). */
function paged(command: Command, noun: string): Command {
  return command
    .option(
      "--limit <n>",
      `${noun} per page (default ${pageSize.default}, at most ${pageSize.max})`,
    )
    .option("--cursor <cursor>", "the page after the one that printed this cursor")
    .option("--all", "every page");
}

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`;
}

const program = new Command("bis")
  .description(
    "BIS from a terminal: market analyses one by one or from a CSV, premium research, administration.",
  )
  .version(pkg.version, "-V, --version", "print the version")
  .option("--server <url>", "BIS server URL (env BIS_URL; default http://localhost:3000)")
  .option(
    "--token <token>",
    "personal API token (env BIS_TOKEN; default: the one `bis login` saved)",
  )
  .option("--json", "print JSON only (for scripts)")
  .option("--no-color", "no colors (also NO_COLOR=1)")
  .option("--no-input", "never prompt; fail instead when something is missing")
  .showHelpAfterError("(add --help for usage)")
  .addHelpText(
    "after",
    `${examples(
      "bis login",
      "bis analyze --city Austin --state TX",
      "bis batch cities.csv --out results.csv",
      "bis analyses list --json | jq '.[0].id'",
      "bis admin users list",
    )}
Configuration: --server/--token > BIS_URL/BIS_TOKEN > $XDG_CONFIG_HOME/bis/config.json > defaults.
Exit status: 0 success, 1 failure, 2 a batch finished with failed rows, 130 interrupted.
Docs: docs/cli.md`,
  );

/* ------------------------------------------------------------------ account */

program
  .command("login")
  .description("sign in: create a personal API token and save it in the config file")
  .option("--email <email>", "your account's email (prompted on a terminal otherwise)")
  .option("--password-stdin", "read the password from stdin (else BIS_PASSWORD, else a prompt)")
  .option("--name <name>", "the token's name on the server (default: bis CLI on <host>)")
  .option("--days <n>", "days until the token expires, 1–365 (default: 90 for administrators)")
  .addHelpText(
    "after",
    examples(
      "bis login",
      "bis login --server https://bis.example.com --email ada@example.com",
      "printf '%s\\n' \"$PASSWORD\" | bis login --email ada@example.com --password-stdin",
      "bis login --token bis_XXXXXXXX   # save a token made elsewhere",
    ),
  )
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/auth.js")).login),
  );

program
  .command("logout")
  .description("revoke the token in use and remove it from the config file")
  .addHelpText("after", examples("bis logout"))
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/auth.js")).logout),
  );

program
  .command("whoami")
  .description("show who the token belongs to, and which server and token are in use")
  .addHelpText("after", examples("bis whoami", "BIS_TOKEN=bis_XXXX bis whoami --json"))
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/auth.js")).whoami),
  );

const tokens = program.command("tokens").description("your personal API tokens");
tokens
  .command("list")
  .description("list your tokens (never their secrets)")
  .addHelpText("after", examples("bis tokens list"))
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/auth.js")).tokensList),
  );
tokens
  .command("revoke <id>")
  .description("revoke one of your tokens")
  .addHelpText("after", examples("bis tokens revoke 3f2c…"))
  .action((id: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/auth.js")).tokensRevoke, { id }),
  );

tokens
  .command("renew <id>")
  .description("move a token's expiry (asks for your password, like login)")
  .option("--email <email>", "your account's email (default: the one `bis login` saved)")
  .option("--password-stdin", "read the password from stdin (else BIS_PASSWORD, else a prompt)")
  .option("--days <n>", "days from now, 1–365 (default: 90 for administrators)")
  .addHelpText("after", examples("bis tokens renew 3f2c…", "bis tokens renew 3f2c… --days 30"))
  .action((id: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/auth.js")).tokensRenew, { id }),
  );

/* ------------------------------------------------------------------ analyses */

program
  .command("analyze")
  .description("run a market analysis and print its summary")
  .requiredOption("--city <name>", "target city")
  .requiredOption("--state <ST>", "two-letter state code")
  .option("--industry <industry>", "industry", industry)
  .option(
    "--primary <miles>",
    `primary service radius, ${primary.min}–${primary.max} miles`,
    String(primary.default),
  )
  .option(
    "--secondary <miles>",
    `secondary service radius, ${secondary.min}–${secondary.max} miles`,
    String(secondary.default),
  )
  .option(
    "--zips",
    "list the ZIP areas in range as CSV, best opportunity score first (on stdout, or in --out)",
  )
  .option("-o, --out <file>", "with --zips: write the ZIP areas' CSV to this file")
  .option("--monthly", "also print revenue and jobs by month for each service (the market's year)")
  .addHelpText(
    "after",
    examples(
      "bis analyze --city Austin --state TX",
      "bis analyze --city 'San Antonio' --state TX --primary 20 --secondary 40",
      "bis analyze --city Denver --state CO --json > denver.json",
      "bis analyze --city Phoenix --state AZ --monthly",
      "bis analyze --city Austin --state TX --zips > austin-zips.csv",
      "bis analyze --city Austin --state TX --zips --out austin-zips.csv",
    ),
  )
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/analyze.js")).run),
  );

program
  .command("zips")
  .description("an analysis' ZIP areas, best opportunity score first, with the reasons")
  .argument("<analysis-id>", "the analysis (bis analyses list prints the ids)")
  .option(
    "--limit <n>",
    "at most this many ZIP areas, best first (1–9999; default: the table the top 20, a file or --json every one)",
  )
  .addOption(new Option("--top <n>", "the older name of --limit").hideHelp())
  .option("--all", "the table shows every ZIP area")
  .option(
    "--sort <column>",
    "sort by score, households, ownerOccupied, builtBefore1980Share, medianIncome, revenue, contractors, householdsPerContractor, distanceMiles, zip, place, population or housingUnits",
    "score",
  )
  .addOption(
    new Option(
      "--format <format>",
      "write every ZIP area (or --limit of them) as CSV, XLSX or JSON instead of the table",
    ).choices(["csv", "xlsx", "json"]),
  )
  .option("-o, --out <file>", "with --format: write to this file (default: stdout)")
  .addHelpText(
    "after",
    examples(
      "bis zips 5b1e…                                   # the top 20, and how many there are",
      "bis zips 5b1e… --all",
      "bis zips 5b1e… --format xlsx --out zips.xlsx     # every ZIP area",
      "bis zips 5b1e… --limit 50 --format csv > mailing-zips.csv",
      "bis zips 5b1e… --sort households --format json",
    ),
  )
  .action((id: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/zips.js")).run, { id }),
  );

program
  .command("batch")
  .description(
    "run a market analysis for every row of a CSV (city,state[,industry,primary,secondary])",
  )
  .argument("<file>", "CSV file, or - for stdin")
  .option("-o, --out <file>", "write results to this file (default: stdout)")
  .addOption(
    new Option(
      "--format <format>",
      "output format (default: from --out's extension, else csv)",
    ).choices(["csv", "json"]),
  )
  .option("-c, --concurrency <n>", "rows in flight at once", "4")
  .option("--resume", "skip rows already in the --out file and append the rest")
  .option("--force", "overwrite an existing --out file")
  .option("--industry <industry>", "for rows without an industry column", industry)
  .option("--primary <miles>", "for rows without a primary column", String(primary.default))
  .option("--secondary <miles>", "for rows without a secondary column", String(secondary.default))
  .option(
    "--compare",
    "then compare the batch's analyses (2–10) and print them ranked (not saved; bis compare --save keeps one)",
  )
  .addHelpText(
    "after",
    `${examples(
      "bis batch cities.csv --out results.csv",
      "bis batch texas.csv --out texas.csv --compare",
      "bis batch cities.csv --out results.csv --resume      # after Ctrl-C",
      "bis batch cities.csv --out results.json --concurrency 8",
      "cut -d, -f1,2 big.csv | bis batch - --json > results.json",
    )}
Input: a header row naming the columns city,state[,industry,primary,secondary].
A bad row is reported on stderr with its line number and the batch goes on.
Exit status: 0 all rows succeeded, 2 some failed, 1 the batch could not run, 130 Ctrl-C.`,
  )
  .action((file: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/batch.js")).run, { file }),
  );

program
  .command("compare")
  .description("compare 2–10 of your analyses and print the markets ranked (--save keeps it)")
  .argument("<ids...>", "analysis ids (2 to 10)")
  .option("--save", "save the comparison on the server (its page, exports, bis comparisons list)")
  .option("--name <name>", "with --save: a name for the comparison")
  .addOption(
    new Option(
      "--format <format>",
      "write the comparison as CSV or XLSX (XLSX needs --save) instead of the table",
    ).choices(["csv", "xlsx"]),
  )
  .option("-o, --out <file>", "with --format: write to this file (default: stdout)")
  .addHelpText(
    "after",
    examples(
      "bis compare 5b1e… 77ac… 9d02…",
      "bis compare 5b1e… 77ac… --json",
      "bis compare 5b1e… 77ac… --format csv > markets.csv",
      "bis compare 5b1e… 77ac… --save --name 'Texas metros'",
      "bis compare 5b1e… 77ac… --save --format xlsx --out markets.xlsx",
    ),
  )
  .action((ids: string[], _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/compare.js")).run, { ids }),
  );

const comparisons = program.command("comparisons").description("your saved comparisons");
paged(comparisons.command("list"), "comparisons")
  .description("list your comparisons, newest first, a page at a time")
  .addHelpText("after", examples("bis comparisons list", "bis comparisons list --all --json"))
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/compare.js")).list),
  );

const analyses = program.command("analyses").description("your analyses");
paged(analyses.command("list"), "analyses")
  .description("list your analyses, newest first, a page at a time")
  .addHelpText(
    "after",
    examples(
      "bis analyses list",
      "bis analyses list --limit 200 --json",
      "bis analyses list --all",
    ),
  )
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/analyses.js")).list),
  );
analyses
  .command("show <id>")
  .description("show an analysis' summary")
  .addHelpText("after", examples("bis analyses show 5b1e…", "bis analyses show 5b1e… --json"))
  .action((id: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/analyses.js")).show, { id }),
  );
analyses
  .command("delete <ids...>")
  .description("delete analyses (administrators: the server has no user-level delete yet)")
  .addHelpText("after", examples("bis analyses delete 5b1e… 77ac…"))
  .action((ids: string[], _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/analyses.js")).remove, { ids }),
  );

program
  .command("keywords <id>")
  .description("run keyword research for an analysis (premium)")
  .option("-o, --out <file>", "also write the keywords, with their searches by month, as CSV")
  .addHelpText(
    "after",
    examples("bis keywords 5b1e…", "bis keywords 5b1e… --json", "bis keywords 5b1e… --out kw.csv"),
  )
  .action((id: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/premium.js")).keywords, { id }),
  );

program
  .command("competition <id>")
  .description("run competition analysis for an analysis (premium; after keywords)")
  .addHelpText("after", examples("bis competition 5b1e…"))
  .action((id: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/premium.js")).competition, { id }),
  );

program
  .command("report <id>")
  .description("download the PDF report of an analysis (premium)")
  .option("-o, --output <file>", "where to save it (- for stdout; default bis-report-<id>.pdf)")
  .addHelpText(
    "after",
    examples("bis report 5b1e… -o austin.pdf", "bis report 5b1e… -o - > austin.pdf"),
  )
  .action((id: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/premium.js")).report, { id }),
  );

/* ------------------------------------------------------------------ administration */

const admin = program.command("admin").description("administration (administrators only)");
const users = admin.command("users").description("user accounts");
paged(users.command("list"), "users")
  .description("list users, newest first, a page at a time")
  .addHelpText("after", examples("bis admin users list", "bis admin users list --all --json"))
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).usersList),
  );
users
  .command("promote <user>")
  .description("make a user (id or email) an administrator")
  .addHelpText("after", examples("bis admin users promote ada@example.com"))
  .action((user: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).setAdmin, {
      user,
      isAdmin: true,
    }),
  );
users
  .command("demote <user>")
  .description("withdraw a user's (id or email) administrator rights")
  .addHelpText("after", examples("bis admin users demote ada@example.com"))
  .action((user: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).setAdmin, {
      user,
      isAdmin: false,
    }),
  );
users
  .command("delete <user>")
  .description("delete a user (id or email) with their analyses and payments")
  .option("-y, --yes", "do not ask for confirmation")
  .addHelpText(
    "after",
    examples("bis admin users delete ada@example.com", "bis admin users delete 8c1d… --yes"),
  )
  .action((user: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).usersDelete, { user }),
  );

admin
  .command("analytics")
  .description("users, active users, analyses and revenue")
  .addHelpText("after", examples("bis admin analytics", "bis admin analytics --json"))
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).analytics),
  );

const settings = admin.command("settings").description("application settings (video URLs)");
settings
  .command("get [key]")
  .description("show every setting, or one")
  .addHelpText(
    "after",
    examples("bis admin settings get", "bis admin settings get landingPageVideoUrl"),
  )
  .action((key: string | undefined, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).settingsGet, { key }),
  );
settings
  .command("set <key> <value>")
  .description("change a setting (an empty value clears it)")
  .addHelpText(
    "after",
    examples(
      "bis admin settings set landingPageVideoUrl https://videos.example.com/intro.mp4",
      "bis admin settings set premiumOfferVideoUrl ''",
    ),
  )
  .action((key: string, value: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).settingsSet, { key, value }),
  );

const partners = admin.command("partners").description("partner websites that embed the widget");
paged(partners.command("list"), "partners")
  .description("list partners with today's usage and leads, a page at a time")
  .addHelpText("after", examples("bis admin partners list", "bis admin partners list --all"))
  .action((_o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).partnersList),
  );
partners
  .command("create <name>")
  .description("create a partner: prints its public key and webhook secret (shown once)")
  .option("--origin <url...>", "allowed origin of the partner's site (repeatable)")
  .option("--webhook <url>", "URL that receives the leads")
  .option("--quota <n>", "widget analyses per day")
  .addHelpText(
    "after",
    examples(
      "bis admin partners create 'Cool Air Co' --origin https://coolair.example",
      "bis admin partners create Acme --origin https://acme.example https://www.acme.example --webhook https://acme.example/hooks/bis --quota 500",
    ),
  )
  .action((name: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).partnersCreate, { name }),
  );
partners
  .command("revoke <id>")
  .description("revoke a partner: its widget stops answering")
  .addHelpText("after", examples("bis admin partners revoke 2d9f…"))
  .action((id: string, _o, cmd: Command) =>
    execute(cmd, async () => (await import("./commands/admin.js")).partnersRevoke, { id }),
  );

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(formatError(toCliError(error)));
  process.exitCode = EXIT.failure;
});
