/**
 * The import rule of the repository, in one place (run by `pnpm lint:imports`, part of `npm test`'s
 * lint step): dependencies point down only. docs/architecture.md explains the layers.
 *
 * Packages: @bis/sdk is the bottom; it imports no other workspace package. The server, the app,
 * the CLI and the widget may import @bis/sdk and never one another.
 *
 * Layers of the server (packages/server/src), bottom first. A module may import its own layer and
 * the layers below it, never one above.
 */
const LAYERS = [
  {
    name: "foundation",
    comment: "configuration, the error type, paging, the database, logging, the instance's state",
    paths: ["config\\.ts", "lib/", "db/", "logging/", "lifecycle\\.ts"],
  },
  {
    name: "providers",
    comment:
      "one outside system each: the upstream HTTP client, place data, keyword and competitor sources, Stripe, the API-key store and key tests, SMTP, the job queue",
    paths: ["providers/", "email/", "jobs/"],
  },
  {
    name: "domain",
    comment: "what BIS computes and renders with them: sign-in, the PDF report",
    paths: ["auth/", "report/"],
  },
  {
    name: "services",
    comment: "the use cases (one factory each, taking one deps object), grouped by concept",
    paths: ["services/"],
  },
  {
    name: "context",
    comment: "the services wired together from the configuration, built once (AppContext)",
    paths: ["context\\.ts"],
  },
  {
    name: "http",
    comment: "Express plumbing: the signed-in user, security headers, error middleware, app files",
    paths: ["http/"],
  },
  { name: "routes", comment: "parse → call a service → respond", paths: ["routes/"] },
  {
    name: "app",
    comment: "the Express app, the server and its command line",
    paths: ["app\\.ts", "server\\.ts", "cli\\.ts"],
  },
];

const SERVER = "^packages/server/src/";
const layerPath = (layer) => `${SERVER}(${layer.paths.join("|")})`;

/**
 * Known violations outside this change's area, each one import (from → to) with its owner. The
 * rules below skip exactly these edges; remove an entry when its import is gone.
 */
const KNOWN = [];
/** Each known edge, and for a cycle the edge back as well (a cycle is reported from both ends). */
const KNOWN_EDGES = KNOWN.flatMap((k) => (k.cycle ? [k, { from: k.to, to: k.from }] : [k]));
const exactly = (file) => `^${file.replaceAll(".", "\\.")}$`;

/**
 * A rule as it stands for every module but the known ones, and for each known module in its
 * scope the same rule without that one target.
 */
function withKnown(rule) {
  const inScope = (file) => !rule.from.path || new RegExp(rule.from.path).test(file);
  const known = KNOWN_EDGES.filter((k) => inScope(k.from));
  return [
    { ...rule, from: { ...rule.from, pathNot: known.map((k) => exactly(k.from)) } },
    ...known.map((k) => ({
      ...rule,
      from: { path: exactly(k.from) },
      to: { ...rule.to, pathNot: exactly(k.to) },
    })),
  ];
}

const upward = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.name} (${layer.comment}) must not import a layer above it: ${LAYERS.slice(i + 1)
    .map((l) => l.name)
    .join(", ")}`,
  severity: "error",
  from: { path: layerPath(layer) },
  to: { path: LAYERS.slice(i + 1).map(layerPath) },
}));

/** Every server source file belongs to a layer: a new folder is placed in LAYERS on purpose. */
const unlayered = {
  name: "layer-unknown",
  comment:
    "a server source module in no layer: add its folder to LAYERS in .dependency-cruiser.cjs",
  severity: "error",
  from: { path: SERVER, pathNot: LAYERS.map(layerPath) },
  to: {},
};

module.exports = {
  forbidden: [
    ...upward.flatMap(withKnown),
    unlayered,
    {
      name: "sdk-imports-no-package",
      comment: "@bis/sdk is the bottom of the workspace: it imports no other workspace package",
      severity: "error",
      from: { path: "^packages/sdk/" },
      to: { path: "^packages/(server|app|cli|widget)/" },
    },
    {
      name: "consumers-import-only-the-sdk",
      comment: "the server, the app, the CLI and the widget share code through @bis/sdk only",
      severity: "error",
      from: { path: "^packages/(server|app|cli|widget)/" },
      to: {
        path: "^packages/(server|app|cli|widget)/",
        pathNot: "^packages/$1/",
      },
    },
    ...withKnown({
      name: "no-circular",
      comment: "no import cycles",
      severity: "error",
      from: {},
      to: { circular: true },
    }),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.tsx?$", "/test/", "/e2e/", "/dist/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
