import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App } from "../app";
import { toastStore } from "../hooks/use-toast";
import { createQueryClient } from "../lib/api";

/** Renders the whole app at `path` with a fresh cache and no toasts. */
export function renderApp(path: string) {
  toastStore.clear();
  window.history.replaceState(null, "", path);
  const client = createQueryClient();
  const user = userEvent.setup();
  return { user, client, ...render(<App client={client} />) };
}

/** The toast viewport: Radix's region, named by its label. */
const TOAST_REGION = '[role="region"][aria-label="Notifications (F8)"]';

type RegionQueries = ReturnType<typeof within>;
type AnyQuery = (...args: unknown[]) => unknown;

/**
 * The toast viewport's queries. The region mounts with the page's first toast
 * (components/toast-region.tsx), so each query looks for it when it runs: `get…` and `query…`
 * search the region if it is there (and find nothing when it is not); `find…` waits, as
 * Testing Library's own do, until the matching `get…` succeeds, looking for the region again on
 * every try. Tests preload the region's chunk (setup.ts), so it appears in the render that adds
 * the toast.
 */
export function toasts(): RegionQueries {
  const inRegion = (name: string): AnyQuery => {
    // A selector, not a role query: role queries walk the whole page, and `find…` runs this on
    // every change of the DOM.
    const region =
      document.querySelector<HTMLElement>(TOAST_REGION) ?? document.createElement("section");
    const queries: Record<string, unknown> = within(region);
    return queries[name] as AnyQuery;
  };
  const forName = (name: string): AnyQuery => {
    if (!name.startsWith("find")) return (...args) => inRegion(name)(...args);
    const get = name.replace(/^find/, "get");
    return (text, options, waitOptions) =>
      waitFor(() => inRegion(get)(text, options), waitOptions as Parameters<typeof waitFor>[1]);
  };
  return Object.fromEntries(
    Object.keys(within(document.body)).map((name) => [name, forName(name)]),
  ) as unknown as RegionQueries;
}

/** A toast, found by its exact title inside the toast viewport (waiting for the region first). */
export function findToast(title: string) {
  return toasts().findByText(title, { exact: true });
}

/** A collapsible section of the results page: its header button and the panel it controls. */
export async function findSection(name: RegExp) {
  // The first render of a file loads the lazy routes: allow for a slow, shared machine.
  const toggle = await screen.findByRole("button", { name }, { timeout: 5000 });
  const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  return { toggle, panel: panel as HTMLElement };
}
