import type { ReactNode } from "react";
import { PageHeader } from "./page-header";
import { TextLink } from "./text-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";

/**
 * The centred card of the signed-out forms (register, sign in, admin setup), with the page's
 * own footer lines followed by the way back home every one of them offers.
 */
export function AuthLayout({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <PageHeader account={false} />
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-12">
        <div className="w-full max-w-md">
          <Card>
            <CardHeader className="text-center">
              {icon ? (
                <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  {icon}
                </div>
              ) : null}
              <CardTitle as="h1" className="text-2xl">
                {title}
              </CardTitle>
              {description ? <CardDescription>{description}</CardDescription> : null}
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          <div className="mt-6 space-y-2 text-center text-sm text-slate-600">
            {footer}
            <p>
              <TextLink to="/">Back to Home</TextLink>
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}
