/**
 * Customer words: no sentence a customer reads in the app or the widget names configuration,
 * keys, servers or payment plumbing ("Payments are simulated until Stripe keys are configured").
 * Every string and JSX text of their sources is read (TypeScript's parser), except the admin
 * panel's and the development pages', which are for administrators and operators.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const packages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ROOTS = [path.join(packages, "app/src"), path.join(packages, "widget/src")];
/** Sources only administrators or developers see, and tests. */
const NOT_CUSTOMER =
  /(\.test\.|\/test\/|\/admin\/|admin-page|admin-setup|\/dev-|use-admin|\.d\.ts$)/;
/** What a customer should never have to read. */
const OPERATOR_WORDS =
  /\b(stripe|api keys?|configured?|configuration|environment variables?|BIS_[A-Z_]+|SMTP|webhooks?|database|providers?|integrations?|on this server|simulated)\b/i;
/** Words of the specification's screens, kept as it has them. */
const ALLOWED = new Set([
  "Service Area Configuration",
  // The account menu's entry, shown to administrators only.
  "Admin Panel",
]);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sources(file);
    else if (/\.tsx?$/.test(name) && !NOT_CUSTOMER.test(file)) yield file;
  }
}

/** The texts of a source a person could read: JSX text, string and template literals. */
function texts(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isJsxText(node)) text = node.text;
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const code =
        ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isLiteralTypeNode(parent) ||
        (ts.isJsxAttribute(parent) && /^(className|href|to|id|data-)/.test(parent.name.getText()));
      text = code ? null : node.text;
    } else if (ts.isTemplateExpression(node))
      text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" … ");
    const words = text?.trim().replace(/\s+/g, " ");
    // Sentences and labels (two words or more), not identifiers or keys.
    if (words?.includes(" "))
      found.push({
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: words,
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("customer words", () => {
  const files = ROOTS.flatMap((root) => [...sources(root)]);

  it("reads the customer-facing sources of the app and the widget", () => {
    expect(files.some((f) => f.endsWith("checkout/demo-payment.tsx"))).toBe(true);
    expect(files.some((f) => f.endsWith("widget/src/widget.tsx"))).toBe(true);
    expect(files.some((f) => f.includes("/admin/"))).toBe(false);
  });

  it("names no configuration, key, server or payment plumbing", () => {
    const offending = files.flatMap((file) =>
      texts(file)
        .filter(({ text }) => OPERATOR_WORDS.test(text) && !ALLOWED.has(text))
        .map(({ line, text }) => `${path.relative(packages, file)}:${line}: ${text}`),
    );
    expect(offending).toEqual([]);
  });

  it("would catch the operator sentence the checkout once had", () => {
    expect(OPERATOR_WORDS.test("Payments are simulated until Stripe keys are configured.")).toBe(
      true,
    );
  });
});
