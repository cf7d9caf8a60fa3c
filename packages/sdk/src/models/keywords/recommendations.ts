/** The strategic recommendations of a keyword research result, computed from its listed keywords. */
import type { KeywordEntry, KeywordIntent } from "../../schemas/keywords.js";
import type { KeywordCity, KeywordProviderInfo } from "./profile.js";
import { KEYWORD_INTENT_LABELS } from "./profile.js";
import { fmt, money } from "./text.js";

/**
 * Recommendations computed from the listed keywords, one per rule that applies, in this order:
 * 1. the intent with the most volume, with its top keyword; 2. the second intent;
 * 3. cheapest high-volume terms (volume in the top quarter, lowest CPC, up to three);
 * 4. emergency terms' average CPC against the overall average;
 * 5. "near me" share of the volume when at least 25 %;
 * 6. the city other than the target with the most city-named volume;
 * 7. the monthly budget to capture about 10 % of the listed searches;
 * 8. for modeled figures, how to get measured ones.
 */
export function keywordRecommendations(input: {
  listed: readonly KeywordEntry[];
  cities: readonly KeywordCity[];
  avgCPC: number;
  estimatedMonthlyBudget: number;
  provider: KeywordProviderInfo;
}): string[] {
  const { listed } = input;
  const out: string[] = [];
  if (listed.length === 0) {
    out.push(
      "No keyword reaches 10 searches a month in this area: widen the secondary radius or target the nearest large city.",
    );
    return out;
  }
  const total = listed.reduce((s, k) => s + k.searchVolume, 0);
  const pct = (n: number) => `${fmt((n / total) * 100)} %`;

  // 1–2: intents by volume.
  const byIntent = new Map<KeywordIntent, KeywordEntry[]>();
  for (const k of listed) {
    if (!k.intent) continue;
    const list = byIntent.get(k.intent) ?? [];
    list.push(k);
    byIntent.set(k.intent, list);
  }
  const intents = [...byIntent.entries()]
    .map(([intent, entries]) => ({
      intent,
      entries,
      volume: entries.reduce((s, k) => s + k.searchVolume, 0),
    }))
    .sort((a, b) => b.volume - a.volume || a.intent.localeCompare(b.intent));
  const [first, second] = intents;
  if (first) {
    const top = first.entries[0] as KeywordEntry;
    out.push(
      `${KEYWORD_INTENT_LABELS[first.intent]} searches lead demand: ${fmt(first.volume)} a month (${pct(first.volume)} of the listed volume). Build your first campaign around "${top.keyword}" (${fmt(top.searchVolume)} searches a month, ${money(top.cpc)} per click).`,
    );
  }
  if (second) {
    const top = second.entries[0] as KeywordEntry;
    out.push(
      `${KEYWORD_INTENT_LABELS[second.intent]} searches come next: ${fmt(second.volume)} a month (${pct(second.volume)}); give them their own ad group, led by "${top.keyword}".`,
    );
  }

  // 3: cheapest among the top quarter by volume.
  const quartile = listed[Math.max(0, Math.ceil(listed.length / 4) - 1)] as KeywordEntry;
  const cheap = listed
    .filter((k) => k.searchVolume >= quartile.searchVolume)
    .sort((a, b) => a.cpc - b.cpc || b.searchVolume - a.searchVolume)
    .slice(0, 3);
  if (cheap.length > 0) {
    out.push(
      `Best value among high-volume terms: ${cheap.map((k) => `"${k.keyword}" (${fmt(k.searchVolume)} a month at ${money(k.cpc)})`).join(", ")}.`,
    );
  }

  // 4: emergency CPC.
  const emergency = byIntent.get("emergency");
  if (emergency && emergency.length > 0 && input.avgCPC > 0) {
    const avg = emergency.reduce((s, k) => s + k.cpc, 0) / emergency.length;
    const diff = (avg / input.avgCPC - 1) * 100;
    out.push(
      `Emergency terms cost ${money(avg)} per click on average, ${fmt(Math.abs(diff))} % ${diff >= 0 ? "above" : "below"} the overall ${money(input.avgCPC)}: bid on them only for the hours you can answer the phone at once, with call ads.`,
    );
  }

  // 5: "near me" share.
  const nearMe = listed
    .filter((k) => k.keyword.includes("near me"))
    .reduce((s, k) => s + k.searchVolume, 0);
  if (nearMe / total >= 0.25) {
    out.push(
      `"Near me" searches are ${pct(nearMe)} of the volume: keep your Google Business Profile complete and collect reviews, since the map results answer most of them.`,
    );
  }

  // 6: the next city.
  const target = input.cities.find((c) => c.target);
  const others = input.cities.filter((c) => !c.target);
  if (others.length > 0) {
    const cityVolume = (c: KeywordCity) =>
      listed
        .filter((k) => ` ${k.keyword} `.includes(` ${c.keywordName} `))
        .reduce((s, k) => s + k.searchVolume, 0);
    const best = others
      .map((c) => ({ city: c, volume: cityVolume(c) }))
      .filter((x) => x.volume > 0)
      .sort((a, b) => b.volume - a.volume || a.city.name.localeCompare(b.city.name))[0];
    if (best) {
      out.push(
        `Outside ${target?.name ?? "the target city"}, ${best.city.name} brings the most city-named searches (${fmt(best.volume)} a month): give it its own landing page.`,
      );
    }
  }

  // 7: budget.
  out.push(
    `Capturing about 10 % of these searches would cost about $${fmt(input.estimatedMonthlyBudget)} a month (Σ search volume × CPC × 0.1).`,
  );

  // 8: data grade.
  if (input.provider.grade !== "measured") {
    out.push(
      // A customer reads this: no setting names (how to enable a provider is the administrator's business).
      "These volumes are modeled from households, not measured: check them against your own ad account (Google Ads Keyword Planner) before committing a large budget.",
    );
  }
  return out;
}
