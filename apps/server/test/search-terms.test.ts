import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../src/db/client.js";
import { indexWords, searchWords } from "../src/features/search/search-terms.js";
import { openTestDatabase } from "./helpers.js";

/**
 * A search term's forms for the song index: each word's forms come from the database once, and a term made of known
 * words in lower case with single spaces is folded without asking it again, to the same text the database gives.
 * The forms are kept for the whole process, which other test files share: these words are made up, so no other test
 * has asked them first.
 */
describe("search words' forms", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let statements = 0;
  let counted: Db;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const db = database.db;
    counted = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "execute") return value;
        return (...args: unknown[]) => {
          statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  });
  afterAll(async () => drop());

  /** What the database folds the whole term to, as the index's typo ranks read it. */
  const databaseFold = async (term: string) => {
    const result = await database.db.execute(sql`select lower(choir_unaccent(${term})) as folded`);
    return (result as unknown as { rows: { folded: string }[] }).rows[0]!.folded;
  };

  const forms = async (term: string) => {
    const before = statements;
    const answer = await indexWords(counted, term, searchWords(term));
    return { answer, asked: statements - before };
  };

  it("folds a lower-case term of known words without a statement, as the database does", async () => {
    expect((await forms("zurbalón")).asked).toBe(1);
    expect((await forms("ñandevú")).asked).toBe(1);
    expect((await forms("ﬁlquéra")).asked).toBe(1);
    for (const term of ["ñandevú zurbalón", "zurbalón ñandevú zurbalón", "ﬁlquéra ñandevú"]) {
      const { answer, asked } = await forms(term);
      expect(asked, term).toBe(0);
      expect(answer?.termFolded, term).toBe(await databaseFold(term));
    }
    expect((await forms("ñandevú zurbalón"))?.answer?.termFolded).toBe("nandevu zurbalon");
  });

  it("asks the database for a term that is more than its words", async () => {
    await forms("trovelda");
    await forms("quimbo");
    for (const term of ["Trovelda quimbo", "trovelda  quimbo", "trovelda, quimbo", "quimbo-trovelda"]) {
      const { answer, asked } = await forms(term);
      expect(asked, term).toBe(1);
      expect(answer?.termFolded, term).toBe(await databaseFold(term));
      // Asked once, remembered: the same term again needs nothing.
      expect((await forms(term)).asked, term).toBe(0);
    }
  });

  it("asks the database for a word it has not seen", async () => {
    await forms("vendrasca");
    const { answer, asked } = await forms("vendrasca olmirà");
    expect(asked).toBe(1);
    expect(answer?.termFolded).toBe("vendrasca olmira");
    expect(answer?.words.map((word) => word.folded)).toEqual(["vendrasca", "olmira"]);
  });
});
