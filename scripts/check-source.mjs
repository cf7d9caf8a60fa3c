#!/usr/bin/env node
/**
 * Five checks of the non-test source (part of `npm test`'s lint step):
 *
 *   node scripts/check-source.mjs size        no file over 500 lines
 *   node scripts/check-source.mjs duplicates  no repeated code (jscpd)
 *   node scripts/check-source.mjs pointers    no comment that points outside the repository
 *   node scripts/check-source.mjs api-paths   no API path written outside the endpoint table
 *   node scripts/check-source.mjs calls       clients call through the SDK and decide on codes:
 *                                             no raw fetch(), no HTTP status compared with a number
 *
 * Non-test source: the files git knows (tracked, or new and not ignored) under packages/* /src,
 * packages/* /scripts and scripts/, in TypeScript or JavaScript, less tests, fixtures and
 * generated files. Each exception below names the file and why; shrink the lists, never grow
 * them to make a check pass.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RAW_FETCH, STATUS_CHECK } from "./client-rules.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const MAX_LINES = 500;

/** jscpd: a clone is at least this many tokens over at least this many lines (jscpd's defaults). */
const MIN_TOKENS = 50;
const MIN_LINES = 5;

/**
 * Declarations rather than logic, left out of the duplicate scan: their repeated runs are the
 * same field declared for each payload, by design — the SDK's zod schemas (one object per
 * entity, payload and form, each field with its message). The drizzle tables
 * (packages/server/src/db/tables.ts) are scanned like any other file.
 */
const SCHEMA_DECLARATIONS = [/^packages\/sdk\/src\/schemas\//];

/**
 * Data tables (typed data, no logic), left out of both checks: a table is as long as its data.
 * A file named `*.data.ts` is one.
 */
const DATA_TABLES = [/\.data\.ts$/];

/**
 * Files over 500 lines today, outside the change that added this check: each is being split by
 * its owner. Remove an entry when its file is under the limit.
 */
const OVERSIZE = {};

/**
 * Files with a clone outside the change that added this check (each names its clone): their
 * clones are reported as known until their owners remove the repetition. An entry whose file has
 * no clone any more fails the check, so the list only shrinks.
 */
const CLONES_ELSEWHERE = {};

/**
 * A comment that sends the reader elsewhere instead of saying the reason: an issue (the word
 * "issue" or "issues" and a number or a quoted title) or a section of the specification (the
 * section sign and a number), neither of which a clone can open.
 */
const POINTER = /\bissues? (\d|")|§ ?\d/i;

/**
 * Files that still have such comments outside the change that added this check (another change
 * is editing them): their pointers are reported as known until their owners write the reasons
 * out. An entry whose file has no pointer any more fails the check, so the list only shrinks.
 */
const POINTERS_ELSEWHERE = [];

/**
 * The one place where API paths are written: the SDK's endpoint table. Everywhere else a path
 * comes from it (`endpoints.x.y.path`, `urlOf`, `API_PREFIX`).
 */
const ENDPOINT_TABLE = /^packages\/sdk\/src\/api\//;

/** A string or template literal that starts with an API path: "/api", "/api/…", "/api?…". */
const API_PATH_LITERAL = /["'`]\/api(?=["'`/?])/;

/** The clients: every call goes through the SDK's transport (or its zod-free `call`). */
const CLIENTS = /^packages\/(app|widget|cli)\/src\//;

/**
 * The files that may decide on an HTTP status, each with why (the rules: client-rules.mjs).
 * None: every client decision, signed-out detection included (`isSignInRequired`), switches on
 * the error vocabulary's codes.
 */
const STATUS_CHECKS_ALLOWED = {};

const SOURCE = /^(packages\/[^/]+\/(src|scripts)|scripts)\/.+\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const NOT_SOURCE = [
  /\.test\.tsx?$/,
  /(^|\/)(test|e2e|fixtures)\//,
  /\.fixture\.ts$/,
  /\.d\.ts$/,
  /\.gen\.ts$/,
];

function sourceFiles() {
  const listed = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout
    .split("\n")
    .filter((file) => SOURCE.test(file) && !NOT_SOURCE.some((re) => re.test(file)))
    .filter((file) => !DATA_TABLES.some((re) => re.test(file)))
    .filter((file) => existsSync(path.join(root, file)))
    .sort();
}

function lineCount(file) {
  const text = readFileSync(path.join(root, file), "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

function checkSize() {
  const files = sourceFiles();
  const over = files
    .map((file) => ({ file, lines: lineCount(file) }))
    .filter(({ lines }) => lines > MAX_LINES);
  const offenders = over.filter(({ file }) => !(file in OVERSIZE));
  for (const { file, lines } of over) {
    const known = OVERSIZE[file];
    process.stdout.write(
      `${known ? "known" : "TOO LONG"}  ${lines}  ${file}${known ? `  (${known})` : ""}\n`,
    );
  }
  const fixed = Object.keys(OVERSIZE).filter((file) => !over.some((o) => o.file === file));
  for (const file of fixed) {
    process.stdout.write(
      `under the limit now: remove ${file} from OVERSIZE in scripts/check-source.mjs\n`,
    );
  }
  if (offenders.length > 0) {
    process.stderr.write(
      `✖ ${offenders.length} source file(s) over ${MAX_LINES} lines; split by concern (data tables: *.data.ts)\n`,
    );
  }
  if (fixed.length > 0) {
    process.stderr.write(
      `✖ ${fixed.length} stale OVERSIZE entr${fixed.length === 1 ? "y" : "ies"}\n`,
    );
  }
  if (offenders.length > 0 || fixed.length > 0) process.exit(1);
  process.stdout.write(
    `✔ ${files.length} source files, none over ${MAX_LINES} lines but the known ones\n`,
  );
}

/** Every clone jscpd finds among `files`, as pairs of repository paths with their lines. */
function clonesIn(files) {
  const out = mkdtempSync(path.join(tmpdir(), "bis-jscpd-"));
  try {
    const jscpd = spawnSync(
      path.join(root, "node_modules/.bin/jscpd"),
      [
        "--min-tokens",
        String(MIN_TOKENS),
        "--min-lines",
        String(MIN_LINES),
        "--reporters",
        "json",
        "--output",
        out,
        "--absolute",
        ...files,
      ],
      { cwd: root, encoding: "utf8" },
    );
    if (jscpd.error) throw jscpd.error;
    if (jscpd.status !== 0) throw new Error(`jscpd failed: ${jscpd.stderr || jscpd.stdout}`);
    const report = JSON.parse(readFileSync(path.join(out, "jscpd-report.json"), "utf8"));
    const side = (f) => ({ file: path.relative(root, f.name), start: f.start, end: f.end });
    return report.duplicates.map((d) => ({
      tokens: d.tokens,
      a: side(d.firstFile),
      b: side(d.secondFile),
    }));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function checkDuplicates() {
  const files = sourceFiles().filter((file) => !SCHEMA_DECLARATIONS.some((re) => re.test(file)));
  const clones = clonesIn(files);
  const known = (c) => c.a.file in CLONES_ELSEWHERE || c.b.file in CLONES_ELSEWHERE;
  const where = (s) => `${s.file}:${s.start}-${s.end}`;
  for (const c of clones) {
    process.stdout.write(
      `${known(c) ? "known" : "CLONE"}  ${where(c.a)} ~ ${where(c.b)}  (${c.tokens} tokens)\n`,
    );
  }
  const fresh = clones.filter((c) => !known(c));
  const stale = Object.keys(CLONES_ELSEWHERE).filter(
    (file) => !clones.some((c) => c.a.file === file || c.b.file === file),
  );
  for (const file of stale) {
    process.stdout.write(
      `no clone in it now: remove ${file} from CLONES_ELSEWHERE in scripts/check-source.mjs\n`,
    );
  }
  if (fresh.length > 0) {
    process.stderr.write(
      `✖ ${fresh.length} repeated piece(s) of code: make one piece serve both places\n`,
    );
  }
  if (stale.length > 0) process.stderr.write(`✖ ${stale.length} stale CLONES_ELSEWHERE entries\n`);
  if (fresh.length > 0 || stale.length > 0) process.exit(1);
  process.stdout.write(
    `✔ ${files.length} source files (schema declarations aside): no repeated code but the known clones\n`,
  );
}

/**
 * The comments of a JavaScript or TypeScript text, each with the line it starts on. A small
 * scanner: strings, template literals (with their `${…}`) and regular expression literals are
 * skipped, so a "//" inside them starts no comment.
 */
function commentsOf(text, spans = []) {
  const comments = [];
  const templates = []; // brace depth at which each open template literal's `${` began
  let depth = 0;
  let line = 1;
  let i = 0;
  let last = ""; // the last significant character of code, to tell a regex from a division
  const skipTo = (end) => {
    while (i < text.length && !end()) {
      if (text[i] === "\n") line++;
      i += text[i] === "\\" ? 2 : 1;
    }
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      comments.push({ line, text: text.slice(i, stop) });
      spans.push([i, stop]);
      i = stop;
    } else if (c === "/" && next === "*") {
      const start = line;
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      const body = text.slice(i, stop);
      spans.push([i, stop]);
      for (const [k, part] of body.split("\n").entries())
        comments.push({ line: start + k, text: part });
      line += body.split("\n").length - 1;
      i = stop;
    } else if (c === '"' || c === "'") {
      i++;
      skipTo(() => text[i] === c || text[i] === "\n");
      if (text[i] === c) i++;
      last = c;
    } else if (c === "`" || (c === "}" && templates.at(-1) === depth)) {
      if (c === "}") templates.pop();
      i++;
      skipTo(() => text[i] === "`" || (text[i] === "$" && text[i + 1] === "{"));
      if (text[i] === "$") {
        templates.push(depth);
        i += 2;
      } else i++;
      last = "`";
    } else if (c === "/" && (last === "" || "(,=:[!&|?{};+-*%<>~^".includes(last))) {
      i++;
      let inClass = false;
      skipTo(() => {
        if (text[i] === "[") inClass = true;
        else if (text[i] === "]") inClass = false;
        return (text[i] === "/" && !inClass) || text[i] === "\n";
      });
      if (text[i] === "/") i++;
      last = "/";
    } else {
      if (c === "{") depth++;
      else if (c === "}") depth--;
      if (!/\s/.test(c)) last = /[\w$)\]]/.test(c) ? "a" : c;
      i++;
    }
  }
  return comments;
}

function checkPointers() {
  const files = sourceFiles();
  const found = files.flatMap((file) =>
    commentsOf(readFileSync(path.join(root, file), "utf8"))
      .filter((comment) => POINTER.test(comment.text))
      .map((comment) => ({ file, line: comment.line, text: comment.text.trim() })),
  );
  const known = (p) => POINTERS_ELSEWHERE.includes(p.file);
  for (const p of found) {
    process.stdout.write(`${known(p) ? "known" : "POINTER"}  ${p.file}:${p.line}  ${p.text}\n`);
  }
  const fresh = found.filter((p) => !known(p));
  const stale = POINTERS_ELSEWHERE.filter((file) => !found.some((p) => p.file === file));
  for (const file of stale) {
    process.stdout.write(
      `no pointer in it now: remove ${file} from POINTERS_ELSEWHERE in scripts/check-source.mjs\n`,
    );
  }
  if (fresh.length > 0) {
    process.stderr.write(
      `✖ ${fresh.length} comment(s) point to an issue or a section of the specification: write the reason itself\n`,
    );
  }
  if (stale.length > 0)
    process.stderr.write(`✖ ${stale.length} stale POINTERS_ELSEWHERE entries\n`);
  if (fresh.length > 0 || stale.length > 0) process.exit(1);
  process.stdout.write(
    `✔ ${files.length} source files: no comment points to an issue or a section but the known ones\n`,
  );
}

/** The text with its comments blanked (lines kept), so only code is searched. */
function codeOf(text) {
  const spans = [];
  commentsOf(text, spans);
  let code = "";
  let from = 0;
  for (const [start, stop] of spans) {
    code += text.slice(from, start) + text.slice(start, stop).replace(/[^\n]/g, " ");
    from = stop;
  }
  return code + text.slice(from);
}

function checkApiPaths() {
  const files = sourceFiles().filter(
    (file) => file.startsWith("packages/") && !ENDPOINT_TABLE.test(file),
  );
  const found = files.flatMap((file) =>
    codeOf(readFileSync(path.join(root, file), "utf8"))
      .split("\n")
      .flatMap((text, k) =>
        API_PATH_LITERAL.test(text) ? [{ file, line: k + 1, text: text.trim() }] : [],
      ),
  );
  for (const p of found) process.stdout.write(`API PATH  ${p.file}:${p.line}  ${p.text}\n`);
  if (found.length > 0) {
    process.stderr.write(
      `✖ ${found.length} API path(s) written outside the endpoint table (packages/sdk/src/api/): take them from it\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `✔ ${files.length} source files: every API path comes from the endpoint table\n`,
  );
}

function checkCalls() {
  const files = sourceFiles().filter((file) => CLIENTS.test(file));
  const found = files.flatMap((file) =>
    codeOf(readFileSync(path.join(root, file), "utf8"))
      .split("\n")
      .flatMap((text, k) => {
        const rule = RAW_FETCH.test(text)
          ? "RAW FETCH"
          : STATUS_CHECK.test(text) && !Object.hasOwn(STATUS_CHECKS_ALLOWED, file)
            ? "STATUS"
            : null;
        return rule ? [{ rule, file, line: k + 1, text: text.trim() }] : [];
      }),
  );
  for (const p of found) process.stdout.write(`${p.rule}  ${p.file}:${p.line}  ${p.text}\n`);
  if (found.length > 0) {
    process.stderr.write(
      `✖ ${found.length} call(s) past the SDK or decision(s) on an HTTP status: call through the SDK's transport (or its zod-free call()) and switch on the error's code\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `✔ ${files.length} client source files: every call goes through the SDK, decisions are on codes\n`,
  );
}

const check = process.argv[2];
if (check === "size") checkSize();
else if (check === "duplicates") checkDuplicates();
else if (check === "pointers") checkPointers();
else if (check === "api-paths") checkApiPaths();
else if (check === "calls") checkCalls();
else {
  process.stderr.write(
    "usage: node scripts/check-source.mjs size|duplicates|pointers|api-paths|calls\n",
  );
  process.exit(2);
}
