import { defineConfig } from "tsup";

// The entry list is the `exports` list of package.json (DESIGN rule 7):
// `index` is browser-safe (the app imports it), `constants` is zod-free (the widget imports it),
// `node` may use undici.
export default defineConfig({
  entry: { index: "src/index.ts", constants: "src/index-constants.ts", node: "src/node.ts" },
  format: ["esm"],
  // tsup passes baseUrl to the d.ts build, which TypeScript 6 deprecates (STACK.md).
  dts: { compilerOptions: { ignoreDeprecations: "6.0" } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  treeshake: true,
});
