import { Compass } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "../components/page-header";
import { buttonClasses } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { cn } from "../lib/cn";

export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <PageHeader />
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <Card className="w-full max-w-md p-8 text-center">
          <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <Compass className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          <p className="mt-2 text-sm text-slate-600">
            The page you are looking for does not exist or has moved.
          </p>
          <Link to="/" className={cn(buttonClasses(), "mt-6")}>
            Go Home
          </Link>
        </Card>
      </main>
    </div>
  );
}
