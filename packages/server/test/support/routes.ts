/** Reading an Express app's router: every route it registers, for the route-table tests. */
import type { Express } from "express";

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
  rawPath?: unknown;
}

/**
 * Every "METHOD /path" the app registers, in registration order and once per registration
 * (mount paths included): a path registered twice appears twice.
 */
export function registeredRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of [layer.route.path].flat()) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (!on) continue;
            found.push(`${method === "_all" ? "ALL" : method.toUpperCase()} ${prefix}${path}`);
          }
        }
      } else if (layer.handle?.stack) {
        const mounts = layer.rawPath === undefined ? ["/"] : [layer.rawPath].flat();
        for (const mount of mounts) {
          if (typeof mount !== "string")
            throw new Error(
              `A router is mounted on a non-string path (${String(mount)}); teach this test to read it`,
            );
          walk(layer.handle.stack, mount === "/" ? prefix : `${prefix}${mount.replace(/\/$/, "")}`);
        }
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, "");
  return found;
}
