/**
 * The built widget file (packages/widget/dist/bis-widget.iife.js, or BIS_WIDGET_DIST): its
 * version, versioned path and Subresource Integrity hash. Read when first asked for and read
 * again whenever the file changes (size or modification time), so a rebuild is picked up.
 *
 * The version is the widget package's version plus the first characters of the content hash,
 * so a versioned path always names exactly one file and can be cached for a year.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { WidgetManifest } from "@bis/sdk";
import { AppError } from "../lib/errors.js";

export const WIDGET_FILE = "bis-widget.iife.js";

export interface WidgetAsset extends WidgetManifest {
  body: Buffer;
}

function packageVersion(dist: string): string | null {
  try {
    const pkg = JSON.parse(readFileSync(path.join(dist, "..", "package.json"), "utf8")) as {
      version?: unknown;
    };
    return typeof pkg.version === "string" && /^[\w.-]+$/.test(pkg.version) ? pkg.version : null;
  } catch {
    return null;
  }
}

export function createWidgetAssets({ dist }: { dist: string }) {
  const file = path.join(dist, WIDGET_FILE);
  let loaded: { stamp: string; asset: WidgetAsset } | null = null;

  function current(): WidgetAsset | null {
    let stamp: string;
    try {
      const stat = statSync(file);
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      loaded = null;
      return null;
    }
    if (loaded?.stamp === stamp) return loaded.asset;
    const body = readFileSync(file);
    const sha384 = createHash("sha384").update(body).digest();
    const short = createHash("sha256").update(body).digest("hex").slice(0, 10);
    const base = packageVersion(dist);
    const version = base ? `${base}-${short}` : short;
    loaded = {
      stamp,
      asset: {
        body,
        version,
        path: `/widget/${version}/bis-widget.js`,
        integrity: `sha384-${sha384.toString("base64")}`,
      },
    };
    return loaded.asset;
  }

  function required(): WidgetAsset {
    const asset = current();
    if (!asset)
      throw new AppError(
        "WIDGET_NOT_BUILT",
        `The widget is not built on this server (${WIDGET_FILE} not found; build @bis/widget or set BIS_WIDGET_DIST)`,
      );
    return asset;
  }

  return {
    /** Version, path and integrity; 404 when the file is absent. */
    manifest(): WidgetManifest {
      const { version, path: assetPath, integrity } = required();
      return { version, path: assetPath, integrity };
    },
    /** The current file; 404 when absent or when another version is asked for. */
    file(version?: string): WidgetAsset {
      const asset = required();
      if (version !== undefined && version !== asset.version)
        throw new AppError(
          "WIDGET_VERSION_NOT_SERVED",
          `Widget version ${version} is not served here; the current one is ${asset.version} (see /api/widget/manifest)`,
        );
      return asset;
    },
  };
}

export type WidgetAssets = ReturnType<typeof createWidgetAssets>;
