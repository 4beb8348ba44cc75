import { describe, expect, it } from "vitest";
import en from "./en.json";
import es from "./es.json";

type Catalogue = { [key: string]: string | Catalogue };

/** Flattens nested keys to dotted paths with their values. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") {
      for (const [nested, nestedValue] of flatten(value, path)) entries.set(nested, nestedValue);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

const catalogues = { en: flatten(en as Catalogue), es: flatten(es as Catalogue) };

describe("translation catalogues", () => {
  it("en.json and es.json have exactly the same keys", () => {
    const onlyInEn = [...catalogues.en.keys()].filter((key) => !catalogues.es.has(key));
    const onlyInEs = [...catalogues.es.keys()].filter((key) => !catalogues.en.has(key));
    expect({ onlyInEn, onlyInEs }).toEqual({ onlyInEn: [], onlyInEs: [] });
  });

  it.each(Object.entries(catalogues))("%s.json has no empty or non-text values", (_, catalogue) => {
    const empty = [...catalogue].filter(([, value]) => typeof value !== "string" || value.trim() === "");
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it("uses the same interpolation placeholders in both languages", () => {
    const placeholders = (value: unknown) =>
      [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...catalogues.en].filter(
      ([key, value]) =>
        JSON.stringify(placeholders(value)) !== JSON.stringify(placeholders(catalogues.es.get(key))),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it("carries the error catalogue's generic and sign-in messages in English", () => {
    expect(en.errors).toEqual({
      generic: "An error occurred. Please try again.",
      network: "Network error. Please check your connection.",
      notFound: "The requested resource was not found.",
      unauthorized: "You are not authorized to perform this action.",
      accessDenied: "Access denied.",
      validation: "Please check your input and try again.",
      server: "Server error. Please try again later.",
    });
    expect(en.auth.failed).toBe("Authentication failed. Please try again.");
    expect(en.auth.sessionExpired).toBe("Your session has expired. Please sign in again.");
    expect(en.auth.noToken).toBe("No authentication token received");
    expect(en.auth.fetchUserFailed).toBe("Failed to fetch current user");
    expect(en.auth.refreshFailed).toBe("Failed to refresh token");
  });
});
