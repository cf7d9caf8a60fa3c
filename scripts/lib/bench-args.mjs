/**
 * A benchmark's options, given either way the docs show: `node scripts/bench-analyze.mjs
 * --duration 15` or `pnpm bench:analyze -- --duration 15` (pnpm passes the `--` on to the
 * script). An unknown option or a stray word stops with the options the script takes. With
 * BIS_BENCH_CHECK_ARGS=1 the parsed options are printed as JSON and the script exits before
 * starting anything (scripts/bench-args.test.mjs runs every documented command so).
 */
import { parseArgs } from "node:util";

export function benchArgs(options, argv = process.argv.slice(2)) {
  const args = argv[0] === "--" ? argv.slice(1) : argv;
  let values;
  try {
    ({ values } = parseArgs({ options, args, strict: true }));
  } catch (error) {
    const known = Object.keys(options)
      .map((name) => `--${name}`)
      .join(" ");
    console.error(`${error instanceof Error ? error.message : error}\nOptions: ${known}`);
    process.exit(2);
  }
  if (process.env.BIS_BENCH_CHECK_ARGS === "1") {
    process.stdout.write(`${JSON.stringify(values)}\n`);
    process.exit(0);
  }
  return values;
}
