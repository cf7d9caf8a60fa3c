import { Compass } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "../components/page-header";
import { buttonClasses } from "../components/ui/button";
import { MessageCard } from "../components/ui/message-card";
import { useDocumentTitle } from "../hooks/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="flex min-h-screen flex-col">
      <PageHeader />
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <MessageCard
          icon={Compass}
          title="404 Page Not Found"
          action={
            <Link to="/" className={buttonClasses()}>
              Go Home
            </Link>
          }
        >
          The page you are looking for does not exist or has moved.
        </MessageCard>
      </main>
    </div>
  );
}
