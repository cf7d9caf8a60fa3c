/** Documents for each kind of result. Pure: data in, a Doc out (tested without a terminal). */
import {
  type AdminAnalytics,
  type AdminUser,
  type Analysis,
  type AnalysisSummary,
  type ApiToken,
  type AppSettings,
  type FigureProvenance,
  type KeywordResearchData,
  keywordCounts,
  LOCAL_MARKET_TITLE,
  localMarketRows,
  MONTH_NAMES,
  marketLeader,
  type Partner,
  type PpcRow,
  type PpcTable,
  peakMonth,
  ppcBudgetByMonth,
  ppcTable,
  type User,
} from "@bis/sdk";
import { type Doc, type Field, fields, fmt, heading, table, text } from "./doc.js";

/**
 * Figures carry long source citations: each figure shows its grade and a footnote number, and
 * the sources are listed once below the figures.
 */
function footnotes() {
  const sources: string[] = [];
  return {
    note(p: FigureProvenance | undefined): string | undefined {
      if (!p) return undefined;
      const cite = `${p.source}${p.vintage ? ` (${p.vintage})` : ""}`;
      let n = sources.indexOf(cite);
      if (n < 0) n = sources.push(cite) - 1;
      return `${p.grade} [${n + 1}]`;
    },
    block() {
      return text(sources.map((s, i) => `[${i + 1}] ${s}`).join("\n"), "muted");
    },
    get count() {
      return sources.length;
    },
  };
}

const TOP_CITIES = 10;

/**
 * The readable summary of a market analysis: figures with source and grade, the local market
 * profile, cities, services.
 */
export function analysisDoc(analysis: Analysis): Doc {
  const data = analysis.marketAnalysisData;
  const doc: Doc = [
    heading(
      `${analysis.location} — ${analysis.industry}, ${analysis.primaryRadius} / ${analysis.secondaryRadius} mi`,
    ),
  ];
  const about: Field[] = [
    { label: "Analysis", value: analysis.id },
    { label: "Created", value: fmt.date(analysis.createdAt) },
    {
      label: "Premium",
      value: analysis.isPaid ? "unlocked" : "not purchased",
      note: analysis.isPaid
        ? `keywords ${analysis.keywordResearchCompleted ? "done" : "not run"}, competition ${analysis.competitionAnalysisCompleted ? "done" : "not run"}`
        : undefined,
    },
  ];
  if (!data) return [...doc, fields(about), text("The market analysis has not run.", "warning")];

  const p = data.provenance ?? {};
  const cite = footnotes();
  const provenanceNote = cite.note;
  const summary = data.marketSummary;
  const figures: Field[] = [
    {
      label: "Population in range",
      value: fmt.int(data.marketSize),
      note: provenanceNote(p.population),
    },
    { label: "Households", value: fmt.int(data.households), note: provenanceNote(p.households) },
    {
      label: "Housing units",
      value: fmt.int(data.censusData.totalHousingUnits),
      note: provenanceNote(p.housingUnits),
    },
    {
      label: "Single-family homes",
      value: fmt.int(data.censusData.singleFamilyUnits),
      note: provenanceNote(p.singleFamilyUnits),
    },
    {
      label: "Market revenue / year",
      value: fmt.usd(summary?.totalMarketRevenue),
      note: provenanceNote(p.revenue),
      tone: "success",
    },
    { label: "Revenue / household", value: fmt.usd(data.avgRevenue) },
    // The analysis's one score: the number its results page, PDF and comparisons show.
    ...(analysis.opportunityScore
      ? [
          {
            label: "Opportunity score",
            value: `${Math.round(analysis.opportunityScore.score)} / 100`,
            note: analysis.opportunityScore.grade,
          },
        ]
      : []),
  ];
  if (summary) {
    figures.push({
      label: "Cities in range",
      value: fmt.int(summary.citiesInRange),
      note: `${summary.primaryCities} primary, ${summary.secondaryCities} secondary`,
    });
  }
  if (data.zipAreas) {
    figures.push({
      label: "ZIP areas in range",
      value: fmt.int(data.zipAreas.count),
      note: `${data.zipAreas.primary} primary, ${data.zipAreas.secondary} secondary`,
    });
  }
  if (data.dataSource) {
    figures.push({
      label: "Place data",
      value: data.dataSource.label,
      note: data.dataSource.vintage,
    });
  }

  // The local market profile (absent on older records): the SDK's rows, as the page and PDF.
  const local: Field[] = localMarketRows(data.localMarket).map((r) => ({
    label: r.label,
    value: r.value,
    note: provenanceNote(r.provenance),
  }));

  const cities = [...data.cityAnalysis.cityBreakdown]
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0))
    .slice(0, TOP_CITIES);
  const services = [...data.serviceBreakdown].sort(
    (a, b) => b.estimatedRevenue - a.estimatedRevenue,
  );

  return [
    ...doc,
    fields(about),
    heading("Market"),
    fields(figures),
    ...(local.length ? [heading(LOCAL_MARKET_TITLE), fields(local)] : []),
    ...(cite.count ? [heading("Sources"), cite.block()] : []),
    table(
      [
        "City",
        "Area",
        { header: "Miles", align: "right" },
        { header: "Population", align: "right" },
        { header: "Households", align: "right" },
      ],
      cities.map((c) => [
        c.state ? `${c.cityName ?? c.name}, ${c.state}` : c.name,
        c.serviceArea,
        c.distanceMiles == null ? "—" : fmt.dec(c.distanceMiles),
        fmt.int(c.population),
        fmt.int(c.households ?? null),
      ]),
      {
        title: `Top cities (${Math.min(TOP_CITIES, data.cityAnalysis.cityBreakdown.length)} of ${data.cityAnalysis.cityBreakdown.length})`,
      },
    ),
    table(
      [
        "Service",
        { header: "Jobs / year", align: "right" },
        { header: "Avg ticket", align: "right" },
        { header: "Revenue / year", align: "right" },
        { header: "Penetration", align: "right" },
      ],
      services.map((s) => [
        s.serviceName,
        fmt.int(s.annualJobs),
        fmt.usd(s.averageCost),
        fmt.usd(s.estimatedRevenue),
        fmt.pct(s.marketPenetration),
      ]),
      { title: "Services" },
    ),
  ];
}

export function analysesListDoc(list: AnalysisSummary[]): Doc {
  return [
    table(
      [
        "Id",
        "Location",
        "Industry",
        { header: "Radii", align: "right" },
        { header: "Households", align: "right" },
        { header: "Revenue / year", align: "right" },
        "Premium",
        "Created",
      ],
      list.map((a) => [
        a.id,
        a.location,
        a.industry,
        `${a.primaryRadius}/${a.secondaryRadius}`,
        fmt.int(a.households),
        fmt.usd(a.totalMarketRevenue),
        a.isPaid ? "yes" : "no",
        fmt.date(a.createdAt),
      ]),
      { empty: "No analyses yet. Run one with `bis analyze --city Austin --state TX`." },
    ),
  ];
}

/** "July", or "—" without months. */
function peakMonthName(months: readonly number[] | null): string {
  const peak = peakMonth(months);
  return peak === null ? "—" : (MONTH_NAMES[peak] ?? "—");
}

/** The PPC budget by month (the SDK's ppcBudgetByMonth), with where the months come from. */
function budgetByMonthDoc(data: KeywordResearchData, ppc: PpcTable): Doc {
  const byMonth = ppcBudgetByMonth(ppc);
  if (!byMonth) return [];
  const sources = [data.seasonality?.measured, data.seasonality?.modeled]
    .flatMap((p) => (p ? [`${p.grade}: ${p.source}`] : []))
    .join("; ");
  return [
    table(
      [
        "Month",
        { header: "PPC budget", align: "right" as const },
        { header: "Share", align: "right" as const },
      ],
      [
        ...byMonth.months.map((v, i) => [
          MONTH_NAMES[i] ?? "",
          fmt.usd(v),
          `${((100 * v) / Math.max(1, byMonth.yearly)).toFixed(1)} %`,
        ]),
        ["Year", fmt.usd(byMonth.yearly), "100.0 %"],
      ],
      { title: "PPC budget by month (12 × the monthly budget, as the searches fall)" },
    ),
    text(`Searches by month — ${sources}`, "muted"),
  ];
}

export function keywordsDoc(analysis: Analysis): Doc {
  const data = analysis.keywordResearchData;
  if (!data) return [text("No keyword research yet.", "warning")];
  const s = data.keywordData.summary;
  const counts = keywordCounts(data);
  const grade = data.provider ? `${data.provider.grade} · ${data.provider.label}` : undefined;
  // The rows of the PPC table the results page and the PDF show (the SDK's ppcTable), by group.
  const ppcAll = ppcTable(data);
  const ppc = ppcAll.rows;
  const withMonths = ppc.some((k) => k.monthlySearches);
  const rows = (group: PpcRow["group"]) =>
    ppc
      .filter((k) => k.group === group)
      .slice(0, 15)
      .map((k) => [
        k.keyword,
        k.intent ?? "",
        fmt.int(k.searchVolume),
        fmt.cents(k.cpc),
        k.competition == null ? "—" : String(k.competition),
        ...(withMonths ? [peakMonthName(k.monthlySearches)] : []),
      ]);
  const columns = [
    "Keyword",
    "Intent",
    { header: "Searches / mo", align: "right" as const },
    { header: "CPC", align: "right" as const },
    { header: "Competition", align: "right" as const },
    ...(withMonths ? ["Peak month"] : []),
  ];
  return [
    heading(`Keyword research — ${analysis.location}`),
    fields([
      { label: "Total keywords", value: fmt.int(counts.researched), note: grade },
      { label: "With search volume (≥ 10 / mo)", value: fmt.int(counts.withVolume) },
      { label: "Average searches / mo", value: fmt.int(s.avgSearchVolume) },
      { label: "Average CPC", value: fmt.cents(s.avgCPC) },
      { label: "Competition", value: s.competitionLevel },
      ...(data.estimatedMonthlyBudget != null
        ? [{ label: "Suggested PPC budget / mo", value: fmt.usd(data.estimatedMonthlyBudget) }]
        : []),
    ]),
    ...(counts.limits.length ? [text(counts.limits.join("\n"), "warning")] : []),
    table(columns, rows("primary"), { title: "Top primary keywords" }),
    table(columns, rows("longTail"), { title: "Top long-tail keywords" }),
    ...budgetByMonthDoc(data, ppcAll),
    ...(data.keywordData.recommendations.length
      ? [
          heading("Recommendations"),
          text(data.keywordData.recommendations.map((r) => `• ${r}`).join("\n")),
        ]
      : []),
  ];
}

export function competitionDoc(analysis: Analysis): Doc {
  const data = analysis.competitionAnalysisData;
  if (!data) return [text("No competition analysis yet.", "warning")];
  const score = analysis.opportunityScore;
  const doc: Doc = [
    heading(`Competition — ${analysis.location}`),
    fields([
      {
        label: "Competitors",
        value: fmt.int(data.totalCompetitors),
        note: data.provenance ? `${data.provenance.grade} · ${data.provenance.source}` : undefined,
      },
      { label: "Market leader", value: marketLeader(data)?.name ?? "—" },
      { label: "Average rating", value: data.avgRating == null ? "—" : fmt.dec(data.avgRating) },
      { label: "Saturation", value: data.marketSaturation },
      ...(score
        ? [
            {
              label: "Opportunity score",
              value: `${Math.round(score.score)} / 100`,
              note: score.grade,
              tone: "success" as const,
            },
          ]
        : []),
    ]),
  ];
  if (data.sampleData)
    doc.push(
      text("These competitors are SAMPLE data (demo mode), not real businesses.", "warning"),
    );
  doc.push(
    table(
      [
        "Name",
        { header: "Rating", align: "right" },
        { header: "Reviews", align: "right" },
        "Position",
        "Specialization",
      ],
      data.competitors
        .slice(0, 15)
        .map((c) => [
          c.name,
          c.rating == null ? "—" : fmt.dec(c.rating),
          fmt.int(c.reviews),
          c.position,
          c.specialization,
        ]),
      { title: "Competitors", empty: "No competitors found." },
    ),
  );
  if (data.opportunities.length)
    doc.push(heading("Opportunities"), text(data.opportunities.map((o) => `• ${o}`).join("\n")));
  return doc;
}

export function whoamiDoc(user: User, server: string, tokenSource: string | undefined): Doc {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return [
    fields([
      { label: "Signed in as", value: user.email, note: name || undefined },
      { label: "Role", value: user.isAdmin ? "administrator" : "user" },
      { label: "Server", value: server },
      { label: "Token from", value: tokenSource ?? "—" },
    ]),
  ];
}

export function usersDoc(users: AdminUser[]): Doc {
  return [
    table(
      [
        "Id",
        "Email",
        "Name",
        "Role",
        "Verified",
        { header: "Analyses", align: "right" },
        "Created",
      ],
      users.map((u) => [
        u.id,
        u.email,
        [u.firstName, u.lastName].filter(Boolean).join(" "),
        u.isAdmin ? "admin" : "user",
        fmt.yesNo(u.emailVerified),
        fmt.int(u.analysisCount),
        fmt.date(u.createdAt),
      ]),
      { empty: "No users." },
    ),
  ];
}

export function analyticsDoc(a: AdminAnalytics): Doc {
  return [
    fields([
      { label: "Users", value: fmt.int(a.totalUsers) },
      { label: "Active users", value: fmt.int(a.activeUsers) },
      { label: "Analyses", value: fmt.int(a.totalAnalyses) },
      { label: "Revenue", value: fmt.cents(a.totalRevenue), note: "real payments, net of refunds" },
      ...(a.demoPayments
        ? [
            {
              label: "Demo purchases",
              value: fmt.int(a.demoPayments),
              note: `${fmt.cents(a.demoRevenue ?? 0)}, no card charged: not revenue`,
            },
          ]
        : []),
    ]),
  ];
}

export function settingsDoc(settings: Partial<AppSettings>): Doc {
  return [
    fields(
      Object.entries(settings).map(([key, value]) => ({
        label: key,
        value: value ? String(value) : "(not set)",
        tone: value ? undefined : ("muted" as const),
      })),
    ),
  ];
}

export function partnersDoc(partners: Partner[]): Doc {
  return [
    table(
      [
        "Id",
        "Name",
        "Public key",
        "Status",
        "Origins",
        { header: "Today", align: "right" },
        { header: "Leads", align: "right" },
      ],
      partners.map((p) => [
        p.id,
        p.name,
        p.publicKey,
        p.active ? "active" : "revoked",
        p.allowedOrigins.join(" "),
        `${fmt.int(p.usageToday)}/${fmt.int(p.dailyQuota)}`,
        fmt.int(p.leads),
      ]),
      { empty: "No partners yet. Create one with `bis admin partners create`." },
    ),
  ];
}

export function tokensDoc(tokens: ApiToken[]): Doc {
  return [
    table(
      ["Id", "Name", "Prefix", "Created", "Last used", "Expires", "Status"],
      tokens.map((t) => [
        t.id,
        t.name,
        `${t.prefix}…`,
        fmt.date(t.createdAt),
        fmt.date(t.lastUsedAt),
        t.expiresAt ? t.expiresAt.slice(0, 10) : "never",
        t.revokedAt
          ? `revoked ${fmt.date(t.revokedAt)}`
          : t.expiresAt && Date.parse(t.expiresAt) <= Date.now()
            ? "expired"
            : t.current
              ? "active (this one)"
              : "active",
      ]),
      { empty: "No tokens." },
    ),
  ];
}
