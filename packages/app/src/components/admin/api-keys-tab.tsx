/**
 * API Keys (a tab of the specification's admin panel): the keys of the outside services. Each shows whether it is
 * configured, where the value in use comes from and its last four characters only; a new value
 * can be tested and saved. The test is made by the server with a real request to the provider
 * (the key never goes from the browser to the provider). Test states: idle, testing, success,
 * error. An empty value is "API Key Required"; a failed test "API Key Test Failed" with the
 * server's message; a failed save "Save Failed".
 */
import { type ApiKeyStatus, errorMessage } from "@bis/sdk";
import { CircleCheck, CircleX, KeyRound, Save, ShieldCheck, Trash2 } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import {
  useAdminApiKeys,
  useDeleteApiKey,
  useSaveApiKey,
  useTestApiKey,
} from "../../hooks/use-admin";
import { toast } from "../../hooks/use-toast";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Label } from "../ui/label";
import { PasswordInput } from "../ui/password-input";
import { Spinner } from "../ui/spinner";
import { PanelSection, QueryStates } from "./panel-states";

export type KeyTestState = "idle" | "testing" | "success" | "error";

function apiKeyRequired(): void {
  toast({
    variant: "destructive",
    title: "API Key Required",
    description: "Please enter an API key first.",
  });
}

function TestStatus({ state, message }: { state: KeyTestState; message: string }) {
  // Always rendered, so that screen readers announce the changes of the live region.
  return (
    <p
      role="status"
      data-state={state}
      className={cn(
        "flex min-h-5 items-start gap-1.5 text-sm",
        state === "success" && "text-emerald-700",
        state === "error" && "text-red-700",
        state === "testing" && "text-slate-600",
      )}
    >
      {state === "testing" ? (
        <>
          <Spinner size="sm" decorative />
          Testing the key with the provider...
        </>
      ) : state === "success" ? (
        <>
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">Test passed: {message}</span>
        </>
      ) : state === "error" ? (
        <>
          <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">Test failed: {message}</span>
        </>
      ) : null}
    </p>
  );
}

function sourceText(key: ApiKeyStatus): ReactNode {
  if (key.source === "environment")
    return (
      <>
        From the environment variable <code className="font-mono text-xs">{key.envVar}</code> (it
        wins over a saved value)
      </>
    );
  if (key.source === "stored") return "Saved in BIS (encrypted)";
  return (
    <>
      Not set: save one here or set <code className="font-mono text-xs">{key.envVar}</code>
    </>
  );
}

function KeyCard({ apiKey }: { apiKey: ApiKeyStatus }) {
  const inputId = useId();
  const [value, setValue] = useState("");
  const save = useSaveApiKey();
  const test = useTestApiKey();
  const remove = useDeleteApiKey();
  const headingId = `${inputId}-heading`;

  const testState: KeyTestState = test.isPending
    ? "testing"
    : test.isError
      ? "error"
      : test.isSuccess
        ? test.data.ok
          ? "success"
          : "error"
        : "idle";
  const testMessage = test.isError
    ? errorMessage(test.error, "API Key Test Failed")
    : (test.data?.message ?? "");

  function runTest(useTyped: boolean) {
    const typed = value.trim();
    if (useTyped && !typed) {
      apiKeyRequired();
      return;
    }
    test.mutate({ name: apiKey.name, value: useTyped ? typed : undefined });
  }

  function onSave(event: FormEvent) {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      apiKeyRequired();
      return;
    }
    save.mutate(
      { name: apiKey.name, value: typed },
      {
        onSuccess: () => {
          setValue("");
          test.reset();
        },
      },
    );
  }

  function onRemove() {
    if (!window.confirm(`Remove the saved ${apiKey.label} key?`)) return;
    remove.mutate(apiKey.name, { onSuccess: () => test.reset() });
  }

  const busy = save.isPending || test.isPending || remove.isPending;

  return (
    <Card as="section" aria-labelledby={headingId} className="space-y-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {apiKey.label}
          </h3>
          <p className="text-xs text-slate-500">{sourceText(apiKey)}</p>
        </div>
        {apiKey.configured ? (
          <Badge tone="success">Configured</Badge>
        ) : (
          <Badge>Not configured</Badge>
        )}
      </div>

      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-500">Key in use</dt>
          <dd className="font-mono text-slate-900">
            {apiKey.last4 ? `••••${apiKey.last4}` : "None"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Last test</dt>
          <dd className="text-slate-900">
            {apiKey.lastTestedAt ? (
              <span className={apiKey.lastTestOk ? "text-emerald-700" : "text-red-700"}>
                {apiKey.lastTestOk ? "Passed" : "Failed"} · {formatDateTime(apiKey.lastTestedAt)}
                {apiKey.lastTestMessage ? (
                  <span className="block text-xs break-words text-slate-600">
                    {apiKey.lastTestMessage}
                  </span>
                ) : null}
              </span>
            ) : (
              <span className="text-slate-500">Never tested</span>
            )}
          </dd>
        </div>
      </dl>

      <form onSubmit={onSave} noValidate className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor={inputId}>New {apiKey.label} key</Label>
          <PasswordInput
            id={inputId}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (!test.isPending) test.reset();
            }}
            autoComplete="off"
            spellCheck={false}
            placeholder={apiKey.configured ? "Enter a new key to replace it" : "Enter the key"}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => runTest(true)}
            disabled={!apiKey.testable || busy}
            pending={test.isPending && test.variables?.value !== undefined}
            pendingLabel="Testing..."
          >
            <ShieldCheck className="size-4" aria-hidden="true" />
            Test
          </Button>
          <Button
            type="submit"
            size="sm"
            disabled={busy}
            pending={save.isPending}
            pendingLabel="Saving..."
          >
            <Save className="size-4" aria-hidden="true" />
            Save
          </Button>
          {apiKey.configured && apiKey.testable ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => runTest(false)}
              disabled={busy}
              pending={test.isPending && test.variables?.value === undefined}
              pendingLabel="Testing..."
            >
              <KeyRound className="size-4" aria-hidden="true" />
              Test key in use
            </Button>
          ) : null}
          {apiKey.source === "stored" ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onRemove}
              disabled={busy}
              pending={remove.isPending}
              className="text-red-700"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Remove saved key
            </Button>
          ) : null}
        </div>
        {apiKey.testable ? null : (
          <p className="text-xs text-slate-500">
            The server cannot test this value on its own; it is checked together with the other
            values of its provider.
          </p>
        )}
        <TestStatus state={testState} message={testMessage} />
      </form>
    </Card>
  );
}

export function ApiKeysTab() {
  const keys = useAdminApiKeys();
  return (
    <PanelSection
      title="API Keys"
      description="Keys of the outside services. Only the last four characters are ever shown; saved keys are stored encrypted, and an environment variable always wins over a saved value."
    >
      <QueryStates
        query={keys}
        loading="Loading API keys..."
        failed="Failed to load API keys"
        empty="No outside services are known."
      >
        {(list) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {list.map((key) => (
              <KeyCard key={key.name} apiKey={key} />
            ))}
          </div>
        )}
      </QueryStates>
    </PanelSection>
  );
}
