/**
 * The route table of the specification's screens. Signed-in screens sit behind RequireSession,
 * signed-out forms behind SignedOutOnly; "/" is the dashboard or the landing page.
 * Every path is a pattern of APP_ROUTES (@bis/sdk), the list the server also uses to answer
 * HTTP 404 for any other path.
 *
 * First load: only the landing page, the 404 page and the frame around them are in the main
 * chunk; every other screen loads when opened (the results page brings Leaflet and the boundary
 * data, the checkout Stripe.js, the forms react-hook-form).
 *
 * While the session is loading, routes render at once (the landing page's heading does not wait
 * for /api/auth/session; signed-in screens show their own spinner) unless this browser last saw a
 * signed-in user (lib/session-hint.ts): then the app waits as before, so the dashboard does not
 * open with a flash of the landing page.
 */
import { APP_ROUTES } from "@bis/sdk";
import { type ReactNode, Suspense, useEffect } from "react";
import { Navigate, Route, Routes } from "react-router";
import { SessionError } from "./components/session-error";
import { RequireSession, SignedOutOnly } from "./components/session-guard";
import { FullPageSpinner } from "./components/ui/spinner";
import { useAuth } from "./hooks/use-auth";
import { lazyComponent as lazyScreen } from "./lib/lazy-component";
import { expectsSession, rememberSession } from "./lib/session-hint";
import { DevOnlyPage, isProduction } from "./pages/dev-only-page";
import { LandingPage } from "./pages/landing-page";
import { NotFoundPage } from "./pages/not-found-page";

const DashboardPage = lazyScreen(() =>
  import("./pages/dashboard-page").then((m) => m.DashboardPage),
);
const ProfilePage = lazyScreen(() => import("./pages/profile-page").then((m) => m.ProfilePage));
const RegisterPage = lazyScreen(() => import("./pages/register-page").then((m) => m.RegisterPage));
const SignInPage = lazyScreen(() => import("./pages/sign-in-page").then((m) => m.SignInPage));
const ForgotPasswordPage = lazyScreen(() =>
  import("./pages/forgot-password-page").then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyScreen(() =>
  import("./pages/reset-password-page").then((m) => m.ResetPasswordPage),
);
const ConfirmEmailPage = lazyScreen(() =>
  import("./pages/confirm-email-page").then((m) => m.ConfirmEmailPage),
);
const AdminSetupPage = lazyScreen(() =>
  import("./pages/admin-setup-page").then((m) => m.AdminSetupPage),
);
const DevOutboxPage = lazyScreen(() =>
  import("./pages/dev-outbox-page").then((m) => m.DevOutboxPage),
);
const EmailVerificationLanding = lazyScreen(() =>
  import("./components/email-verification-landing").then((m) => m.EmailVerificationLanding),
);
const MarketAnalysisPage = lazyScreen(() =>
  import("./pages/market-analysis-page").then((m) => m.MarketAnalysisPage),
);
const AnalysisPage = lazyScreen(() => import("./pages/analysis-page").then((m) => m.AnalysisPage));
const ComparisonPage = lazyScreen(() =>
  import("./pages/comparison-page").then((m) => m.ComparisonPage),
);
const CompareMarketsPage = lazyScreen(() =>
  import("./pages/compare-markets-page").then((m) => m.CompareMarketsPage),
);
const CheckoutPage = lazyScreen(() => import("./pages/checkout-page").then((m) => m.CheckoutPage));
const AdminPage = lazyScreen(() => import("./pages/admin-page").then((m) => m.AdminPage));
const DevLogsPage = lazyScreen(() => import("./pages/dev-logs-page").then((m) => m.DevLogsPage));

const SCREENS = [
  DashboardPage,
  ProfilePage,
  RegisterPage,
  SignInPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  ConfirmEmailPage,
  AdminSetupPage,
  DevOutboxPage,
  EmailVerificationLanding,
  MarketAnalysisPage,
  AnalysisPage,
  ComparisonPage,
  CompareMarketsPage,
  CheckoutPage,
  AdminPage,
  DevLogsPage,
];

/** Loads every lazy screen now (component tests: a screen then shows as soon as it is opened). */
export function preloadScreens(): Promise<unknown[]> {
  return Promise.all(SCREENS.map((screen) => screen.preload()));
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

/** Keeps the session hint in step with what the server said about the session. */
function useSessionHint(user: unknown): void {
  useEffect(() => {
    if (user !== undefined) rememberSession(user !== null);
  }, [user]);
}

export function AppRoutes() {
  const { user, isLoading, error, refetch } = useAuth();
  useSessionHint(user);

  if (isLoading && expectsSession()) return <FullPageSpinner />;
  if (error && user === undefined) return <SessionError error={error} onRetry={refetch} />;

  return (
    <Lazy>
      <Routes>
        <Route
          path={APP_ROUTES.home}
          element={user ? <DashboardPage user={user} /> : <LandingPage />}
        />

        <Route
          path={APP_ROUTES.dashboard}
          element={<RequireSession>{(u) => <DashboardPage user={u} />}</RequireSession>}
        />
        <Route
          path={APP_ROUTES.profile}
          element={<RequireSession>{(u) => <ProfilePage user={u} />}</RequireSession>}
        />

        <Route
          path={APP_ROUTES.marketAnalysis}
          element={<RequireSession>{() => <MarketAnalysisPage />}</RequireSession>}
        />
        <Route
          path={APP_ROUTES.analysis}
          element={<RequireSession>{() => <AnalysisPage />}</RequireSession>}
        />
        <Route
          path={APP_ROUTES.comparison}
          element={<RequireSession>{() => <ComparisonPage />}</RequireSession>}
        />
        <Route
          path={APP_ROUTES.compare}
          element={<RequireSession>{() => <CompareMarketsPage />}</RequireSession>}
        />
        <Route
          path={APP_ROUTES.checkout}
          element={<RequireSession>{() => <CheckoutPage />}</RequireSession>}
        />

        <Route
          path={APP_ROUTES.register}
          element={
            <SignedOutOnly>
              <RegisterPage />
            </SignedOutOnly>
          }
        />
        <Route
          path={APP_ROUTES.signIn}
          element={
            <EmailVerificationLanding>
              <SignedOutOnly>
                <SignInPage />
              </SignedOutOnly>
            </EmailVerificationLanding>
          }
        />
        <Route
          path={APP_ROUTES.forgotPassword}
          element={
            <SignedOutOnly>
              <ForgotPasswordPage />
            </SignedOutOnly>
          }
        />
        {/* Reset and email-change links work signed in or out (the token is the credential). */}
        <Route path={APP_ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route path={APP_ROUTES.confirmEmail} element={<ConfirmEmailPage />} />
        <Route
          path={APP_ROUTES.adminSetup}
          element={
            <SignedOutOnly>
              <AdminSetupPage />
            </SignedOutOnly>
          }
        />

        <Route
          path={APP_ROUTES.admin}
          element={<RequireSession>{(u) => <AdminPage user={u} />}</RequireSession>}
        />
        {/* Development-only screens of the specification: in production, their message and nothing else. */}
        <Route
          path={APP_ROUTES.devAdmin}
          element={
            isProduction() ? (
              <DevOnlyPage screen="dev-admin" />
            ) : (
              <RequireSession>{() => <DevOnlyPage screen="dev-admin" />}</RequireSession>
            )
          }
        />
        <Route
          path={APP_ROUTES.logs}
          element={
            isProduction() ? (
              <DevOnlyPage screen="logs" />
            ) : (
              <RequireSession>{(u) => <DevLogsPage user={u} />}</RequireSession>
            )
          }
        />
        <Route path={APP_ROUTES.testAuth} element={<DevOnlyPage screen="test-auth" />} />
        {/* The spec sends a failed API-key save to /auth, a route BIS does not have: sign in. */}
        <Route path={APP_ROUTES.auth} element={<Navigate to={APP_ROUTES.signIn} replace />} />

        <Route path={APP_ROUTES.devOutbox} element={<DevOutboxPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Lazy>
  );
}
