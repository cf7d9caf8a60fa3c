/**
 * The route table of the specification (§2). Signed-in screens sit behind RequireSession,
 * signed-out forms behind SignedOutOnly; "/" is the dashboard or the landing page.
 * Later screens (/market-analysis, /analysis/:id, /checkout/:id, /admin) are not built yet and
 * fall through to the 404 page.
 */
import { Route, Routes } from "react-router";
import { EmailVerificationLanding } from "./components/email-verification-landing";
import { SessionError } from "./components/session-error";
import { RequireSession, SignedOutOnly } from "./components/session-guard";
import { FullPageSpinner } from "./components/ui/spinner";
import { useAuth } from "./hooks/use-auth";
import { AdminSetupPage } from "./pages/admin-setup-page";
import { DashboardPage } from "./pages/dashboard-page";
import { DevOutboxPage } from "./pages/dev-outbox-page";
import { LandingPage } from "./pages/landing-page";
import { NotFoundPage } from "./pages/not-found-page";
import { ProfilePage } from "./pages/profile-page";
import { RegisterPage } from "./pages/register-page";
import { SignInPage } from "./pages/sign-in-page";

export function AppRoutes() {
  const { user, isLoading, error, refetch } = useAuth();

  if (isLoading) return <FullPageSpinner />;
  if (error && user === undefined) return <SessionError error={error} onRetry={refetch} />;

  return (
    <Routes>
      <Route path="/" element={user ? <DashboardPage user={user} /> : <LandingPage />} />

      <Route
        path="/dashboard"
        element={<RequireSession>{(u) => <DashboardPage user={u} />}</RequireSession>}
      />
      <Route
        path="/profile"
        element={<RequireSession>{(u) => <ProfilePage user={u} />}</RequireSession>}
      />

      <Route
        path="/register"
        element={
          <SignedOutOnly>
            <RegisterPage />
          </SignedOutOnly>
        }
      />
      <Route
        path="/signin"
        element={
          <EmailVerificationLanding>
            <SignedOutOnly>
              <SignInPage />
            </SignedOutOnly>
          </EmailVerificationLanding>
        }
      />
      <Route
        path="/admin-setup"
        element={
          <SignedOutOnly>
            <AdminSetupPage />
          </SignedOutOnly>
        }
      />

      <Route path="/dev/outbox" element={<DevOutboxPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
