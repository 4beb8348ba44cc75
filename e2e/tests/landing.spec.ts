import { LANGUAGE_STORAGE_KEY, text } from "../fixtures/locales";
import { setNextUser, uniqueUser } from "../fixtures/sign-in";
import { type Browser, type BrowserContextOptions, expect, type Page, test } from "../fixtures/test";

// The landing page offers installing the app, which its service worker makes possible: the worker runs here, in every
// project (decisions 0126 and 0129).
test.use({ serviceWorkers: "allow" });

/**
 * The landing page arrives drawn (landing-{language}.html): a first-time visitor sees it before any script has run,
 * in the colour scheme their device asks for; the app then takes that markup over instead of drawing it again.
 */

/** A visitor whose scripts never arrive: what the page shows as sent, with only its inline boot script. */
async function asSent(
  browser: Browser,
  options: BrowserContextOptions & { stored?: Record<string, string> },
  check: (page: Page) => Promise<void>,
) {
  const { stored, ...contextOptions } = options;
  const context = await browser.newContext({ serviceWorkers: "block", ...contextOptions });
  try {
    if (stored) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, stored);
    }
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    let scriptsAsked = 0;
    await page.route("**/*.js", (route) => {
      scriptsAsked += 1;
      return route.abort();
    });
    await page.goto("/");
    await check(page);
    expect(scriptsAsked, "the page's scripts were asked for, and none ran").toBeGreaterThan(0);
    // The boot script is inline: allowed by its hash, it ran without a refusal.
    expect(refusals).toEqual([]);
  } finally {
    await context.close();
  }
}

test.describe("the landing page as sent", () => {
  test("shows the page in the visitor's language and colour scheme before any script has run", async ({
    browser,
  }) => {
    await asSent(
      browser,
      { locale: "es-ES", extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" }, colorScheme: "dark" },
      async (page) => {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "landing.hero.title"));
        await expect(page.getByTestId("get-started")).toHaveText(text("es", "common.getStarted"));
        await expect(page).toHaveTitle(`${text("es", "app.name")} · ${text("es", "app.tagline")}`);
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      },
    );
    await asSent(
      browser,
      { locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US" }, colorScheme: "light" },
      async (page) => {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "landing.hero.title"));
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
        // Get started works on the page as sent: a tap before the app has taken the page over signs in.
        await setNextUser(page.request, uniqueUser("early"));
        await page.getByTestId("get-started").click();
        await page.waitForURL((url) => url.pathname === "/auth/callback" && url.searchParams.has("token"));
      },
    );
    // A colour scheme chosen in the app wins over the device's.
    await asSent(
      browser,
      { colorScheme: "dark", stored: { "mantine-color-scheme-value": "light" } },
      async (page) => {
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
      },
    );
  });

  test("keeps the page as sent from a signed-in visitor and from one who chose the other language", async ({
    browser,
  }) => {
    await asSent(browser, { stored: { authToken: "a.b.c" } }, async (page) => {
      await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
    });
    await asSent(
      browser,
      { extraHTTPHeaders: { "Accept-Language": "en-US" }, stored: { [LANGUAGE_STORAGE_KEY]: "es" } },
      async (page) => {
        await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
      },
    );
  });

  test("is taken over by the app without being drawn again, and works", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "Accept-Language": "en-US" } });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      // The heading the server sent, kept before any script of the page runs.
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as unknown as { sentHeading: Element | null }).sentHeading = document.querySelector("h1");
        });
      });
      await page.goto("/");
      await expect(page.getByTestId("install-card")).toBeVisible();
      // The app has taken the page over once the root no longer says it was drawn by the server (main.tsx); a click
      // before then reaches no handler.
      await expect(page.locator("#root")).not.toHaveAttribute("data-prerendered");
      // Working: the language button redraws the page in Spanish.
      await page.getByTestId("language-switch").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "landing.hero.title"));
      const same = await page.evaluate(
        () =>
          (window as unknown as { sentHeading: Element | null }).sentHeading === document.querySelector("h1"),
      );
      expect(same, "the heading on screen is the one the server sent").toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** A phone in `language`: 390 × 844, a touch screen, the browser asking for that language. */
function phoneIn(browser: Browser, language: "en" | "es") {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: language === "es" ? "es-ES" : "en-US",
    extraHTTPHeaders: { "Accept-Language": language === "es" ? "es-ES" : "en-US" },
  });
}

test.describe("the landing page on a phone", () => {
  for (const language of ["en", "es"] as const) {
    test(`keeps the brand whole and the install card in the page, covering nothing (${language})`, async ({
      browser,
    }) => {
      const context = await phoneIn(browser, language);
      try {
        const page = await context.newPage();
        await page.goto("/");
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        for (const width of [390, 320]) {
          await page.setViewportSize({ width, height: 844 });
          const brand = page.locator("header").getByTestId("brand-name");
          await expect(brand).toHaveText(text(language, "app.name"));
          const cut = await brand.evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(cut, `the brand is cut at ${width} px`).toBeLessThanOrEqual(0);
        }
        await page.setViewportSize({ width: 390, height: 844 });

        // The install card sits after the call to action, in the flow: it moves with the page, over nothing.
        const card = page.getByTestId("install-card");
        await expect(card).toBeVisible();
        const position = await card.evaluate((element) => {
          let node: Element | null = element;
          while (node) {
            const style = getComputedStyle(node).position;
            if (style === "fixed" || style === "sticky") return style;
            node = node.parentElement;
          }
          return "in flow";
        });
        expect(position).toBe("in flow");
        const follows = await page.evaluate(() => {
          const cta = document.querySelector("[data-testid=cta-sign-in]");
          const install = document.querySelector("[data-testid=install-card]");
          return Boolean(
            cta && install && cta.compareDocumentPosition(install) & Node.DOCUMENT_POSITION_FOLLOWING,
          );
        });
        expect(follows, "the install card comes after the call to action").toBe(true);
        // On the first screen the hero is whole: nothing lies over its buttons.
        const getStarted = page.getByTestId("get-started");
        const box = (await getStarted.boundingBox())!;
        const topmost = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-testid=get-started]") !== null,
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(topmost, "get started is not covered").toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});

test.describe("signing in from a phone", () => {
  for (const language of ["en", "es"] as const) {
    test(`the top bar's Sign in is there, whole and tappable, at 390 and 320 px, and signs in (${language})`, async ({
      browser,
    }) => {
      const context = await phoneIn(browser, language);
      try {
        const page = await context.newPage();
        await page.goto("/");
        await expect(page.locator("#root")).not.toHaveAttribute("data-prerendered");
        const signIn = page.locator("header").getByTestId("top-sign-in");
        for (const width of [390, 320]) {
          await page.setViewportSize({ width, height: 844 });
          await expect(signIn).toBeVisible();
          expect(await signIn.innerText()).toBe(text(language, "landing.signInShort"));
          const box = await signIn.boundingBox();
          expect(box, `Sign in has a box at ${width} px`).not.toBeNull();
          expect(box!.width, `Sign in's width at ${width} px`).toBeGreaterThan(24);
          expect(box!.height, `Sign in's height at ${width} px`).toBeGreaterThanOrEqual(44);
          expect(box!.x + box!.width, `Sign in fits the screen at ${width} px`).toBeLessThanOrEqual(width);
          const onTop = await page.evaluate(
            ({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-testid=top-sign-in]") !== null,
            { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
          );
          expect(onTop, `nothing covers Sign in at ${width} px`).toBe(true);
          const brand = page.locator("header").getByTestId("brand-name");
          const cut = await brand.evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(cut, `the brand is cut at ${width} px`).toBeLessThanOrEqual(0);
        }
        await setNextUser(page.request, uniqueUser(`phone-${language}`));
        await signIn.tap();
        await page.waitForURL((url) => url.pathname === "/onboarding", { timeout: 20_000 });
      } finally {
        await context.close();
      }
    });
  }
});

test.describe("what the landing page says", () => {
  for (const language of ["en", "es"] as const) {
    test(`claims no figure nobody measured and quotes no one, and shows the app in pictures (${language})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        locale: language === "es" ? "es-ES" : "en-US",
        extraHTTPHeaders: { "Accept-Language": language === "es" ? "es-ES" : "en-US" },
      });
      try {
        const page = await context.newPage();
        await page.goto("/");
        const landing = page.getByTestId("landing-page");
        await expect(landing).toBeVisible();
        const said = (await landing.innerText()).replace(/\s+/g, " ");
        expect(said).not.toMatch(/\d[\d.,\u00a0 ]*\s?[+%]|[+]\s?\d|\d\s*(?:out of|de|sobre)\s*\d/i);
        expect(said).not.toMatch(/uptime|disponibilidad|trusted|conf[ií]an|testimonial|estrellas|\bstars\b/i);
        expect(said).not.toMatch(/[“”«»]/);
        await expect(landing.locator("blockquote, figure")).toHaveCount(0);
        // The tour's four pictures are the app's own screens, served, each described.
        const pictures = landing.locator("img");
        await expect(pictures).toHaveCount(4);
        for (const picture of await pictures.all()) {
          await picture.scrollIntoViewIfNeeded();
          await expect(picture).toHaveAttribute("alt", /\S{3,}/);
          await expect
            .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
            .toBe(585);
          expect(await picture.getAttribute("src")).toMatch(new RegExp(`^/landing/\\w+-${language}\\.webp$`));
        }
      } finally {
        await context.close();
      }
    });
  }
});
