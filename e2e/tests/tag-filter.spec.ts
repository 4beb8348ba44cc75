import { expect, test } from "@playwright/test";
import { apiCall } from "../fixtures/api";
import { newDirector } from "../fixtures/director";

/** The library's tag filter and the song form's tags, typed in part: Enter takes the suggestion, not the fragment. */

test("Enter picks the suggestion: 'comm' and Enter filters by 'communion'", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await newDirector(browser, "tagger", { name: `Coro de la Ribera ${Date.now()}` });
  const stamp = Date.now();
  for (const [title, tags] of [
    [`Bread of the Morning ${stamp}`, ["communion", "hymn"]],
    [`Harbour Lights ${stamp}`, ["evening"]],
  ] as const) {
    await apiCall(
      page,
      "POST",
      "/api/songs",
      {
        visibility: 0,
        title,
        content: "[G]Words written for this [C]test",
        tags,
      },
      201,
    );
  }

  await page.goto("/songs");
  const filter = page.getByTestId("songs-tag-filter");
  await filter.click();
  await filter.pressSequentially("comm");
  const suggestion = page.getByTestId("songs-tag-suggestion").filter({ hasText: "communion" });
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toHaveAttribute("data-combobox-selected", "true");
  await filter.press("Enter");
  await expect(page.getByTestId("songs-tag-chip")).toHaveText(["communion"]);
  await expect(filter).toHaveValue("");
  await expect(page.getByTestId("song-card")).toHaveCount(1);
  await expect(page.getByTestId("song-card")).toContainText(`Bread of the Morning ${stamp}`);

  // The song form's tag field does the same.
  await page.getByTestId("songs-create-button").click();
  const tagInput = page.getByTestId("tag-input");
  await tagInput.pressSequentially("even");
  await expect(page.getByTestId("tag-suggestion").filter({ hasText: "evening" })).toHaveAttribute(
    "data-combobox-selected",
    "true",
  );
  await tagInput.press("Enter");
  await expect(page.getByTestId("tag-chip")).toHaveText(["evening"]);
  await context.close();
});
