import { clippedControls } from "../fixtures/overflow";
import { expect, takeClipped, test } from "../fixtures/test";
import { APP_URL } from "../fixtures/urls";

/** Controls of every kind the check reads, some cut off, some fitting, in plain HTML. */
const CONTROLS = `<!doctype html>
<html lang="en"><head><style>
  body { font: 16px sans-serif; }
  .cut { width: 90px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  .narrow { width: 60px; white-space: nowrap; }
  .hidden-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
</style></head><body>
  <button class="cut" data-testid="cut-button">Download 2 rehearsal tracks (86.2 MB)</button>
  <button class="cut" data-testid="fitting-button">Sing</button>
  <a href="#"><span class="cut" style="display: inline-block" title="Coro Santa Cecilia de la Ribera">Coro Santa Cecilia de la Ribera</span></a>
  <a href="#"><span class="cut" style="display: inline-block" title="Coro">Coro Santa Cecilia del Puerto</span></a>
  <a href="#" role="button" class="narrow" style="display: inline-block" data-testid="spilling-link">Solo la mía y nada más</a>
  <span class="mantine-Badge-root cut" style="display: inline-block">Available offline</span>
  <div role="tablist"><span role="tab" class="cut" style="display: inline-block">Rehearsal tracks</span></div>
  <input readonly class="narrow" value="Soprano and alto, divided" data-testid="part-select" />
  <input readonly class="narrow" value="Misa dominical con coro" title="Misa dominical con coro" data-testid="titled-select" />
  <input readonly class="narrow" value="Misa dominical con coro" title="Misa" data-testid="mistitled-select" />
  <button data-testid="icon-button">★<span class="hidden-text">A name for screen readers that is long</span></button>
  <button style="display: none">A hidden button with a long, long label</button>
</body></html>`;

test("the overflow check lists the controls whose text is cut off or spills out, and only those", async ({
  page,
}) => {
  await page.setContent(CONTROLS);
  const found = await clippedControls(page);
  expect(found).toHaveLength(7);
  expect(found[0]).toMatch(
    /^"Download 2 rehearsal tracks \(86\.2 MB\)" \(button near cut-button\) has \d+ px and needs \d+ px at 1280 px$/,
  );
  expect(found.join("\n")).toContain('"Solo la mía y nada más" (button near spilling-link)');
  expect(found.join("\n")).toContain('"Available offline" (Badge-root near');
  expect(found.join("\n")).toContain('"Rehearsal tracks" (tab near');
  expect(found.join("\n")).toContain('"Soprano and alto, divided" (input near part-select)');
  // A field's chosen name may be cut only when its title says it in full.
  expect(found.join("\n")).not.toContain("near titled-select");
  expect(found.join("\n")).toContain('"Misa dominical con coro" (input near mistitled-select)');
  expect(found.join("\n")).not.toContain("Sing");
  // A name cut where it has no room is allowed only when its title says it in full.
  expect(found.join("\n")).not.toContain("Cecilia de la Ribera");
  expect(found.join("\n")).toContain('"Coro Santa Cecilia del Puerto" (a near a)');
  expect(found.join("\n")).not.toContain("screen readers");
  expect(found.join("\n")).not.toContain("hidden button");
});

test("every screen of the app a test shows is checked as it changes, at each width", async ({ page }) => {
  // A page of the app's own origin (answered here), as the watch reads only the app's pages.
  await page.route(`${APP_URL}/overflow-probe`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: CONTROLS.replace(/<button class="cut" data-testid="cut-button">.*?<\/button>/, ""),
    }),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${APP_URL}/overflow-probe`);
  await expect.poll(async () => (await takeClipped()).length, { timeout: 5_000 }).toBeGreaterThan(0);

  // A label that fits the laptop's window but not the phone's, added after the page loaded.
  await page.evaluate(() => {
    const button = document.createElement("button");
    button.style.cssText = "width: 50vw; overflow: hidden; white-space: nowrap";
    button.textContent = "Keep the rehearsal tracks offline";
    document.body.append(button);
  });
  await page.waitForTimeout(800);
  expect((await takeClipped()).map((control) => control.text)).not.toContain(
    "Keep the rehearsal tracks offline",
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(
      async () =>
        (await takeClipped()).filter((control) => control.text === "Keep the rehearsal tracks offline"),
      {
        timeout: 5_000,
      },
    )
    .toEqual([expect.objectContaining({ width: 390, path: "/overflow-probe", kind: "button" })]);
  // The probe's controls stay cut off: the page is left so that the test's own check does not list them again.
  await page.goto("about:blank");
});
