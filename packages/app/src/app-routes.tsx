/**
 * The route table of the specification (§2). Signed-in screens sit behind RequireSession,
 * signed-out forms behind SignedOutOnly; "/" is the dashboard or the landing page.
 * The market-analysis screens and the checkout load lazily: the results page brings Leaflet and
 * the boundary data, the checkout (in Stripe mode) Stripe.js, all kept out of the main chunk.
 * The admin panel loads lazily too (signed-in; the role is checked inside the screen, spec §6).
 */
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { EmailVerificationLanding } from "./components/email-verification-landing";
import { SessionError } from "./components/session-error";
import { RequireSession, SignedOutOnly } from "./components/session-guard";
import { FullPageSpinner } from "./components/ui/spinner";
import { useAuth } from "./hooks/use-auth";
import { AdminSetupPage } from "./pages/admin-setup-page";
import { ConfirmEmailPage } from "./pages/confirm-email-page";
import { DashboardPage } from "./pages/dashboard-page";
import { DevOnlyPage, isProduction } from "./pages/dev-only-page";
import { DevOutboxPage } from "./pages/dev-outbox-page";
import { ForgotPasswordPage } from "./pages/forgot-password-page";
import { LandingPage } from "./pages/landing-page";
import { NotFoundPage } from "./pages/not-found-page";
import { ProfilePage } from "./pages/profile-page";
import { RegisterPage } from "./pages/register-page";
import { ResetPasswordPage } from "./pages/reset-password-page";
import { SignInPage } from "./pages/sign-in-page";

const MarketAnalysisPage = lazy(() =>
  import("./pages/market-analysis-page").then((m) => ({ default: m.MarketAnalysisPage })),
);
const AnalysisPage = lazy(() =>
  import("./pages/analysis-page").then((m) => ({ default: m.AnalysisPage })),
);

const CheckoutPage = lazy(() =>
  import("./pages/checkout-page").then((m) => ({ default: m.CheckoutPage })),
);

const AdminPage = lazy(() => import("./pages/admin-page").then((m) => ({ default: m.AdminPage })));
const DevLogsPage = lazy(() =>
  import("./pages/dev-logs-page").then((m) => ({ default: m.DevLogsPage })),
);

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

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
        path="/market-analysis"
        element={
          <RequireSession>
            {() => (
              <Lazy>
                <MarketAnalysisPage />
              </Lazy>
            )}
          </RequireSession>
        }
      />
      <Route
        path="/analysis/:id"
        element={
          <RequireSession>
            {() => (
              <Lazy>
                <AnalysisPage />
              </Lazy>
            )}
          </RequireSession>
        }
      />

      <Route
        path="/checkout/:analysisId"
        element={
          <RequireSession>
            {() => (
              <Lazy>
                <CheckoutPage />
              </Lazy>
            )}
          </RequireSession>
        }
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
        path="/forgot-password"
        element={
          <SignedOutOnly>
            <ForgotPasswordPage />
          </SignedOutOnly>
        }
      />
      {/* Reset and email-change links work signed in or out (the token is the credential). */}
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/confirm-email" element={<ConfirmEmailPage />} />
      <Route
        path="/admin-setup"
        element={
          <SignedOutOnly>
            <AdminSetupPage />
          </SignedOutOnly>
        }
      />

      <Route
        path="/admin"
        element={
          <RequireSession>
            {(u) => (
              <Lazy>
                <AdminPage user={u} />
              </Lazy>
            )}
          </RequireSession>
        }
      />
      {/* Development-only screens (spec §2): in production, their message and nothing else. */}
      <Route
        path="/dev-admin"
        element={
          isProduction() ? (
            <DevOnlyPage screen="dev-admin" />
          ) : (
            <RequireSession>{() => <DevOnlyPage screen="dev-admin" />}</RequireSession>
          )
        }
      />
      <Route
        path="/logs"
        element={
          isProduction() ? (
            <DevOnlyPage screen="logs" />
          ) : (
            <RequireSession>
              {(u) => (
                <Lazy>
                  <DevLogsPage user={u} />
                </Lazy>
              )}
            </RequireSession>
          )
        }
      />
      <Route path="/test-auth" element={<DevOnlyPage screen="test-auth" />} />
      {/* The spec sends a failed API-key save to /auth, a route BIS does not have: sign in. */}
      <Route path="/auth" element={<Navigate to="/signin" replace />} />

      <Route path="/dev/outbox" element={<DevOutboxPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
