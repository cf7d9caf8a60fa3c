/** The embedded keyword provider (default, offline, graded modeled): the SDK's keyword model. */
import { keywordCityLimit } from "@bis/sdk";
import { KEYWORD_PROVIDER_LABELS, type KeywordProvider, modeled } from "./provider.js";

export function createEmbeddedKeywordProvider(): KeywordProvider {
  return {
    id: "embedded",
    label: KEYWORD_PROVIDER_LABELS.embedded,
    grade: "modeled",
    async research(input) {
      const model = modeled(input);
      return {
        metrics: model.metrics,
        cities: model.cities,
        provenance: model.provenance,
        assumptions: model.assumptions,
        limits: keywordCityLimit(model.cities.length, model.citiesAvailable),
      };
    },
  };
}
