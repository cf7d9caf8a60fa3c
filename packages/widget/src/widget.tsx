/**
 * The free market analysis as a React function component (rendered by Preact in the bundle).
 * States: attribute problems → form → progress → result (+ optional lead capture).
 * Events leave the shadow root from the host element: bis:analysis-complete, bis:lead, bis:error.
 */
import type { Provenance, WidgetAnalyzeResponse } from "@bis/sdk";
import {
  PRIMARY_RADIUS,
  SECONDARY_RADIUS,
  US_STATE_NAMES,
  WIDGET_UI_MESSAGES,
} from "@bis/sdk/constants";
import {
  type FormEvent,
  type ReactElement,
  type SyntheticEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { analyze, sendLead, toWidgetError, type WidgetError } from "./api.js";
import { readConfig, type WidgetAttributes, type WidgetConfig } from "./config.js";
import { CSS } from "./styles.js";
import {
  type AreaForm,
  type Errors,
  hasErrors,
  type LeadForm,
  validateArea,
  validateLead,
} from "./validate.js";

export interface WidgetProps extends WidgetAttributes {
  /** Set by r2wc: the element's shadow root. */
  container?: ShadowRoot | HTMLElement;
}
type Host = WidgetProps["container"];

/** Dispatches a bubbling, composed CustomEvent on the host element. */
function emit(container: Host, type: string, detail: unknown): void {
  const host = (container as ShadowRoot | undefined)?.host ?? container;
  host?.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

const format = (n: number | null | undefined, money?: boolean) =>
  n == null
    ? "N/A"
    : n.toLocaleString(
        "en-US",
        money
          ? { style: "currency", currency: "USD", notation: "compact", maximumSignificantDigits: 3 }
          : {},
      );

/** "Modeled · GeoNames / ACS" */
const sourceOf = (p: Provenance | null | undefined) =>
  p ? `${p.grade[0]?.toUpperCase()}${p.grade.slice(1)} · ${p.source}` : "";

/**
 * A labelled field: its control gets id/name, part="input", aria-invalid and the error text's id.
 * The control is built by `render` from those props.
 */
function field<F>(
  name: keyof F & string,
  label: string,
  setForm: (update: (f: F) => F) => void,
  errors: Errors,
  render: (p: Record<string, unknown>) => ReactElement,
  checkbox?: boolean,
) {
  const error = errors[name];
  const update = (e: SyntheticEvent<HTMLInputElement>) => {
    const value = checkbox ? e.currentTarget.checked : e.currentTarget.value;
    setForm((f) => ({ ...f, [name]: value }));
  };
  const control = render({
    id: name,
    name,
    part: "input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${name}-e` : undefined,
    // onInput: every keystroke (React and Preact alike); onChange: select and checkbox.
    onInput: update,
    onChange: update,
  });
  return (
    <div>
      {checkbox ? (
        <label className="c" htmlFor={name}>
          {control}
          {label}
        </label>
      ) : (
        <>
          <label htmlFor={name}>{label}</label>
          {control}
        </>
      )}
      {error && (
        <p id={`${name}-e`} className="e" part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Moves the focus to the first invalid control of a form. */
function focusFirst(form: HTMLFormElement, errors: Errors): void {
  const name = Object.keys(errors).find((k) => errors[k]);
  if (name) (form.elements.namedItem(name) as HTMLElement | null)?.focus();
}

const Alert = (p: { error?: WidgetError | null }) =>
  p.error ? (
    <p role="alert" className="e" part="error">
      {p.error.message}
    </p>
  ) : null;

function LeadCapture(p: { cfg: WidgetConfig; analysisId: string | null; host: Host }) {
  const [form, setForm] = useState<LeadForm>({ name: "", email: "", consent: false });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState("");
  const [failure, setFailure] = useState<WidgetError | null>(null);

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const e = validateLead(form);
    setErrors(e);
    if (hasErrors(e)) return focusFirst(ev.currentTarget, e);
    setBusy(true);
    try {
      const email = form.email.trim().toLowerCase();
      const r = await sendLead(p.cfg.apiBase, p.cfg.partnerKey, {
        name: form.name.trim(),
        email,
        consent: true,
        ...(p.analysisId ? { analysisId: p.analysisId } : {}),
      });
      setDone(r.message || "Thank you! We will be in touch.");
      emit(p.host, "bis:lead", { leadId: r.leadId, email });
    } catch (x) {
      const err = toWidgetError(x);
      setFailure(err);
      emit(p.host, "bis:error", err);
    }
    setBusy(false);
  }

  if (done)
    return (
      <p role="status" part="lead-done">
        {done}
      </p>
    );
  const f = (
    name: keyof LeadForm,
    label: string,
    render: (c: Record<string, unknown>) => ReactElement,
    checkbox?: boolean,
  ) => field(name, label, setForm, errors, render, checkbox);
  return (
    <form part="lead" onSubmit={submit} noValidate>
      <h3>Get your full report by email</h3>
      <Alert error={failure} />
      {f("name", "Name", (c) => (
        <input {...c} value={form.name} autoComplete="name" />
      ))}
      {f("email", "Email", (c) => (
        <input {...c} type="email" value={form.email} autoComplete="email" />
      ))}
      {f(
        "consent",
        "I agree to be contacted about this analysis.",
        (c) => (
          <input {...c} type="checkbox" checked={form.consent} />
        ),
        true,
      )}
      <button className="b" part="button" type="submit" disabled={busy}>
        {busy ? "Sending…" : "Send"}
      </button>
    </form>
  );
}

function Result(p: { r: WidgetAnalyzeResponse; cfg: WidgetConfig; host: Host; back: () => void }) {
  const { r } = p;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const src = r.provenance ?? {};
  // The SDK's localMarketSummary, written by the server (absent from older servers and records).
  const local = (r as WidgetAnalyzeResponse & { localMarketSummary?: string | null })
    .localMarketSummary;
  const figures: [string, string, Provenance | null | undefined][] = [
    ["Market size (people)", format(r.marketSize), src.population],
    ["Households", format(r.households), src.households],
    ["Total market revenue", format(r.totalMarketRevenue, true), src.revenue],
    ["Cities in range", format(r.citiesInRange), src.places],
  ];
  return (
    <section part="result">
      <h2 tabIndex={-1} ref={heading}>
        Market snapshot: {r.location}
      </h2>
      {r.reduced && (
        <p className="n" part="notice">
          {r.notice || WIDGET_UI_MESSAGES.quotaReduced}
        </p>
      )}
      <dl className="g">
        {figures.map(([label, value, s]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
            <dd className="s" title={sourceOf(s)}>
              {sourceOf(s)}
            </dd>
          </div>
        ))}
      </dl>
      {local && <p part="local">{local}</p>}
      {r.topServices?.length > 0 && (
        <>
          <h3>Top services</h3>
          <ol part="services">
            {r.topServices.map((s) => (
              <li key={s.serviceName}>
                {s.serviceName}: <b>{format(s.estimatedRevenue, true)}</b> a year
              </li>
            ))}
          </ol>
          <p className="s" title={sourceOf(src.revenue)}>
            {sourceOf(src.revenue)}
          </p>
        </>
      )}
      <a className="b" part="cta button" href={p.cfg.ctaUrl} target="_blank" rel="noopener">
        Get the full report
      </a>
      <button className="l" part="back" type="button" onClick={p.back}>
        New analysis
      </button>
      <LeadCapture cfg={p.cfg} analysisId={r.analysisId} host={p.host} />
    </section>
  );
}

export function MarketAnalysisWidget(props: WidgetProps) {
  const cfg = readConfig(props);
  const host = props.container;
  const [form, setForm] = useState<AreaForm>({
    city: "",
    state: cfg.state,
    primaryRadius: `${cfg.primary}`,
    secondaryRadius: `${cfg.secondary}`,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<WidgetAnalyzeResponse | 1 | null>(null);
  const [failure, setFailure] = useState<WidgetError | null>(null);

  // Attribute changes: report new problems once, and follow the new defaults.
  const problems = cfg.problems.join(" ");
  useEffect(() => {
    if (!problems) return;
    console.warn(`<bis-market-analysis> ${problems}`);
    emit(host, "bis:error", { code: "INVALID_ATTRIBUTE", message: problems });
  }, [problems]);
  useEffect(
    () =>
      setForm((f) => ({
        ...f,
        state: cfg.state || f.state,
        primaryRadius: `${cfg.primary}`,
        secondaryRadius: `${cfg.secondary}`,
      })),
    [cfg.state, cfg.primary, cfg.secondary],
  );

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const e = validateArea(form);
    setErrors(e);
    if (hasErrors(e)) return focusFirst(ev.currentTarget, e);
    setFailure(null);
    setResult(1);
    try {
      const r = await analyze(cfg.apiBase, cfg.partnerKey, {
        city: form.city.trim(),
        state: form.state,
        industry: cfg.industry,
        primaryRadius: +form.primaryRadius,
        secondaryRadius: +form.secondaryRadius,
      });
      setResult(r);
      emit(host, "bis:analysis-complete", r);
    } catch (x) {
      const err = toWidgetError(x);
      setResult(null);
      setFailure(err);
      emit(host, "bis:error", err);
    }
  }

  const f = (
    name: keyof AreaForm,
    label: string,
    render: (c: Record<string, unknown>) => ReactElement,
  ) => field(name, label, setForm, errors, render);
  const radius = (
    name: "primaryRadius" | "secondaryRadius",
    label: string,
    range: { min: number; max: number },
  ) =>
    f(name, label, (c) => (
      <input
        {...c}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        value={form[name]}
      />
    ));

  return (
    <div className={cfg.dark ? "w dk" : "w"} part="root" lang="en">
      <style>{CSS}</style>
      {cfg.blocking ? (
        <h2>Free market snapshot</h2>
      ) : result === 1 ? (
        <div role="status" part="progress">
          <h2>Analyzing the market…</h2>
          <p>
            {form.city.trim()}, {form.state}: households, revenue by service and cities within{" "}
            {form.secondaryRadius} miles.
          </p>
          <progress />
        </div>
      ) : result ? (
        <Result r={result} cfg={cfg} host={host} back={() => setResult(null)} />
      ) : (
        <form part="form" onSubmit={submit} noValidate>
          <h2>{`Free ${cfg.industryLabel} market snapshot`}</h2>
          <Alert error={failure} />
          <div className="g">
            {f("city", "City", (c) => (
              <input {...c} value={form.city} autoComplete="address-level2" />
            ))}
            {f("state", "State", (c) => (
              <select {...c} value={form.state}>
                <option value="">Select a state</option>
                {Object.entries(US_STATE_NAMES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            ))}
            {radius("primaryRadius", "Primary radius (miles)", PRIMARY_RADIUS)}
            {radius("secondaryRadius", "Secondary radius (miles)", SECONDARY_RADIUS)}
          </div>
          <button className="b" part="button" type="submit">
            Start Market Analysis
          </button>
        </form>
      )}
      {problems && (
        <p role="alert" className="e" part="error">
          {problems}
        </p>
      )}
    </div>
  );
}
