/**
 * /dev-admin, /logs and /test-auth (the specification's "Other screens"): development tools of
 * the original product. Each shows its "development only" message; in production
 * (`import.meta.env.PROD`) that message is all it shows. In development, /logs shows the admin
 * panel's Logs tab below it to administrators (the server answers its calls to administrators
 * only); the other two keep to the message — BIS has no separate dev admin or auth test tool
 * (the admin panel and the sign-in screen do that work). The development /logs screen is
 * dev-logs-page.tsx, loaded only when opened.
 */
import { FlaskConical } from "lucide-react";
import { PageHeader } from "../components/page-header";
import { MessageCard } from "../components/ui/message-card";
import { useDocumentTitle } from "../hooks/use-document-title";

export type DevScreen = "dev-admin" | "logs" | "test-auth";

export const DEV_SCREENS: Record<DevScreen, { title: string; message: string }> = {
  "dev-admin": {
    title: "Development Admin",
    message: "The development admin tools are available in development only.",
  },
  logs: {
    title: "Logging Dashboard",
    message: "The logging dashboard is available in development only.",
  },
  "test-auth": {
    title: "Authentication Test",
    message: "The authentication test screen is available in development only.",
  },
};

/** Whether this is a production build; read at render time so tests can stub it. */
export function isProduction(): boolean {
  return import.meta.env.PROD === true;
}

export function DevOnlyMessage({ screen }: { screen: DevScreen }) {
  const { title, message } = DEV_SCREENS[screen];
  return (
    <MessageCard icon={FlaskConical} tone="neutral" title={title}>
      <p>{message}</p>
    </MessageCard>
  );
}

/** The message under the top bar (production, /dev-admin, and the signed-out /test-auth). */
export function DevOnlyPage({ screen }: { screen: DevScreen }) {
  useDocumentTitle(DEV_SCREENS[screen].title);
  return (
    <div className="flex min-h-screen flex-col">
      <PageHeader />
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <DevOnlyMessage screen={screen} />
      </main>
    </div>
  );
}
