import { endpoints, hasErrorCode, type OutboxMessage } from "@bis/sdk";
import { useQuery } from "@tanstack/react-query";
import { Inbox, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "../components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { RefreshButton } from "../components/ui/refresh-button";
import { Spinner } from "../components/ui/spinner";
import { useDocumentTitle } from "../hooks/use-document-title";
import { linkify } from "../lib/linkify";
import { queryOptionsOf } from "../lib/query-options";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function MailText({ text }: { text: string }) {
  return (
    <p className="text-sm whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
      {linkify(text).map((part, index) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
            key={index}
            href={part.value}
            className="rounded font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {part.value}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}

function MailCard({ message }: { message: OutboxMessage }) {
  const sent = new Date(message.createdAt);
  return (
    <li>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            {message.subject}
          </CardTitle>
          <CardDescription className="break-all">
            To {message.to} ·{" "}
            <time dateTime={message.createdAt}>
              {Number.isNaN(sent.getTime()) ? message.createdAt : dateFormat.format(sent)}
            </time>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <MailText text={message.text} />
        </CardContent>
      </Card>
    </li>
  );
}

export function DevOutboxPage() {
  useDocumentTitle("Development Outbox");
  const outbox = useQuery({
    ...queryOptionsOf(endpoints.site.outbox, undefined),
    select: (messages) => ({ messages }),
  });
  const notAvailable = hasErrorCode(outbox.error, "DEV_ONLY");
  const messages = [...(outbox.data?.messages ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );

  let body: ReactNode;
  if (outbox.isPending) {
    body = (
      <div className="flex justify-center py-12 text-brand-700">
        <Spinner />
      </div>
    );
  } else if (notAvailable) {
    body = (
      <Card className="p-6 text-center">
        <TriangleAlert className="mx-auto mb-3 size-8 text-amber-600" aria-hidden="true" />
        <p className="font-semibold text-slate-900">Development only</p>
        <p className="mt-1 text-sm text-slate-600">
          The outbox exists only while the server runs without a mail server (development).
        </p>
      </Card>
    );
  } else if (outbox.isError) {
    body = (
      <Card className="p-6 text-center" role="alert">
        <p className="font-semibold text-slate-900">Failed to load the outbox</p>
        <p className="mt-1 text-sm text-slate-600">{outbox.error.message}</p>
      </Card>
    );
  } else if (messages.length === 0) {
    body = (
      <Card className="p-6 text-center">
        <Inbox className="mx-auto mb-3 size-8 text-slate-400" aria-hidden="true" />
        <p className="text-sm text-slate-600">No mail has been sent yet.</p>
      </Card>
    );
  } else {
    body = (
      <ul className="space-y-4">
        {messages.map((message) => (
          <MailCard key={message.id} message={message} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex min-h-screen flex-col">
      <PageHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Development Outbox</h1>
            <p className="text-sm text-slate-600">
              Mail the server sent without SMTP, newest first.
            </p>
          </div>
          <RefreshButton query={outbox} />
        </div>
        {body}
      </main>
    </div>
  );
}
