import { render, screen, within } from "@testing-library/react";
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

const TOAST_REGION = { name: "Notifications (F8)" } as const;

/**
 * The toast viewport, to look for toasts in. The region mounts with the first toast of the page
 * (components/toast-region.tsx); before that there is no toast to find, and queries find
 * nothing. Tests preload its chunk (setup.ts), so it appears in the render that adds the toast.
 */
export function toasts() {
  return within(screen.queryByRole("region", TOAST_REGION) ?? document.createElement("section"));
}

/** A toast, found by its exact title inside the toast viewport (waiting for the region first). */
export async function findToast(title: string) {
  const region = await screen.findByRole("region", TOAST_REGION);
  return within(region).findByText(title, { exact: true });
}

/** A collapsible section of the results page: its header button and the panel it controls. */
export async function findSection(name: RegExp) {
  // The first render of a file loads the lazy routes: allow for a slow, shared machine.
  const toggle = await screen.findByRole("button", { name }, { timeout: 5000 });
  const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  return { toggle, panel: panel as HTMLElement };
}
