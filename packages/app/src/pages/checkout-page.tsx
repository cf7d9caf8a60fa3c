/**
 * /checkout/{analysisId} (the specification's Checkout screen): the order summary, the
 * payment form and the 30-day guarantee. The analysis and the payment configuration load first
 * ("Loading checkout..."); an unknown analysis, or another user's, reads "Analysis Not Found";
 * a paid one says it is already purchased. The server's configuration decides the mode: Stripe
 * (the Payment Element, loaded only here) or demo (no card is charged), and what is sold: exactly
 * the deliverables this server can deliver now. When neither keyword research nor competition
 * analysis can be delivered, the page says so and shows no payment form. The back link returns
 * to the analysis the checkout is for.
 */
import { errorMessage, hasErrorCode, isSignInRequired, type PaymentConfig } from "@bis/sdk";
import { CircleCheck, CircleSlash, LogIn, SearchX, TriangleAlert } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link, useParams } from "react-router";
import { DemoPayment } from "../components/checkout/demo-payment";
import { GuaranteeBadge, NotIncluded, OrderSummary } from "../components/checkout/order-summary";
import { PreparingPayment } from "../components/checkout/preparing-payment";
import { type BackLink, PageShell } from "../components/page-shell";
import { buttonClasses } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { MessageCard } from "../components/ui/message-card";
import { RetryButton } from "../components/ui/retry-button";
import { Spinner } from "../components/ui/spinner";
import { useAnalysis } from "../hooks/use-analyses";
import { useDocumentTitle } from "../hooks/use-document-title";
import { useAuthenticationRequired, usePaymentConfig } from "../hooks/use-payments";
import { formatPrice } from "../lib/format";

const StripePayment = lazy(() => import("../components/checkout/stripe-payment"));

const PRODUCT_NAME = "Premium Market Intelligence";

function resultsPath(id: string) {
  return `/analysis/${encodeURIComponent(id)}`;
}

/** The checkout's back link: to the analysis it is for. */
export function backToAnalysis(id: string): BackLink {
  return { to: resultsPath(id), label: "Back to Analysis" };
}

/** Nothing premium can be delivered: no payment form, the reasons, and the way back. */
function NotForSale({ analysisId, config }: { analysisId: string; config: PaymentConfig }) {
  return (
    <MessageCard
      icon={CircleSlash}
      tone="neutral"
      title="Premium is not available right now"
      headingLevel="h2"
      action={
        <Link to={resultsPath(analysisId)} className={buttonClasses()}>
          Back to Analysis
        </Link>
      }
    >
      <p>
        Keyword research and competition analysis are not available yet, so there is nothing to pay
        for. Nothing has been charged; your free market analysis stays available.
      </p>
      <div className="mt-4 text-left">
        <NotIncluded deliverables={config.deliverables} />
      </div>
    </MessageCard>
  );
}
function LoadingCheckout() {
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-24 text-brand-700">
      <Spinner size="lg" label="Loading checkout" />
      <p className="text-slate-600">Loading checkout...</p>
    </div>
  );
}

function CheckoutForm({
  analysis,
  config,
}: {
  analysis: { id: string; industry: string; location: string };
  config: PaymentConfig;
}) {
  const price = formatPrice(config.amount, config.currency);
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <div className="space-y-4 lg:order-2 lg:col-span-2">
        <OrderSummary
          productName={config.productName || PRODUCT_NAME}
          industry={analysis.industry}
          location={analysis.location}
          price={price}
          currency={config.currency}
          deliverables={config.deliverables}
        />
        <GuaranteeBadge />
      </div>
      <Card as="section" className="lg:col-span-3 lg:self-start" aria-labelledby="payment-heading">
        <CardHeader>
          <CardTitle id="payment-heading">Payment</CardTitle>
        </CardHeader>
        <CardContent>
          {config.mode === "demo" ? (
            <DemoPayment analysisId={analysis.id} price={price} />
          ) : (
            <Suspense fallback={<PreparingPayment />}>
              <StripePayment
                analysisId={analysis.id}
                publishableKey={config.publishableKey}
                price={price}
              />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function CheckoutBody({ analysisId }: { analysisId: string }) {
  const analysis = useAnalysis(analysisId);
  const config = usePaymentConfig();
  const authenticationRequired = useAuthenticationRequired();
  const unauthorized = isSignInRequired(analysis.error) || isSignInRequired(config.error);

  useEffect(() => {
    if (unauthorized) authenticationRequired();
  }, [unauthorized, authenticationRequired]);

  if (unauthorized) {
    return (
      <MessageCard icon={LogIn} tone="neutral" title="Authentication Required" headingLevel="h2">
        Please sign in to complete your purchase.
      </MessageCard>
    );
  }

  if (analysis.isPending || config.isPending) return <LoadingCheckout />;

  if (hasErrorCode(analysis.error, "ANALYSIS_NOT_FOUND") || (!analysis.isError && !analysis.data)) {
    return (
      <MessageCard
        icon={SearchX}
        title="Analysis Not Found"
        headingLevel="h2"
        action={
          <Link to="/dashboard" className={buttonClasses()}>
            Return to Dashboard
          </Link>
        }
      >
        The requested analysis could not be found.
      </MessageCard>
    );
  }

  const failure = analysis.error ?? config.error;
  if (failure || !analysis.data || !config.data) {
    return (
      <MessageCard
        icon={TriangleAlert}
        title="Checkout Unavailable"
        headingLevel="h2"
        action={<RetryButton queries={[analysis, config]} />}
      >
        {errorMessage(failure, "The checkout could not be loaded.")}
      </MessageCard>
    );
  }

  if (analysis.data.isPaid) {
    return (
      <MessageCard
        icon={CircleCheck}
        tone="success"
        title="Already purchased"
        headingLevel="h2"
        action={
          <Link to={resultsPath(analysis.data.id)} className={buttonClasses()}>
            View Your Results
          </Link>
        }
      >
        You already own {config.data.productName || PRODUCT_NAME} for {analysis.data.location}. No
        further payment is needed.
      </MessageCard>
    );
  }

  if (!config.data.purchasable) {
    return <NotForSale analysisId={analysis.data.id} config={config.data} />;
  }

  return <CheckoutForm analysis={analysis.data} config={config.data} />;
}

export function CheckoutPage() {
  const { analysisId = "" } = useParams();
  useDocumentTitle("Checkout");
  return (
    <PageShell title="Checkout" width="wide" back={backToAnalysis(analysisId)}>
      <CheckoutBody analysisId={analysisId} />
    </PageShell>
  );
}
