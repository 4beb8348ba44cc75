import { readFile } from "node:fs/promises";
import { apiCall } from "../fixtures/api";
import { choirOfThreeParts, newDirector, type Person } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { latestMailTo } from "../fixtures/mail";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

// About offline use: the service worker runs here, in every project (decisions 0126 and 0129).
test.use({ serviceWorkers: "allow" });

// Who sings on Sunday (decision 0118): a singer answers on a phone — online, then offline and sent when the network
// returns — the director watches the counts move by voice part, answers for someone who phoned in, marks who came at
// the door on a phone, and reads and downloads the attendance report.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The service's date: a Sunday ahead, fixed so that the pictures do not move with the clock. */
const SUNDAY = "2030-12-01";

/** The first word of a person's name, as the app lists them. */
const firstName = (person: Person) => person.user.name.split(" ")[0]!;

/** The count of those singing in a part, as the playlist screen shows it. */
const singing = (person: Person, part: string) =>
  person.page.locator(`[data-testid="availability-counts-part"][data-part="${part}"]`);

test("a singer answers on a phone, online and offline; the director sees the counts move by part, marks who came and reads the report", async ({
  browser,
}) => {
  // Four people, a phone going offline and back, a mail, and six screens pictured in two languages.
  test.setTimeout(480_000);
  const { director, alto, tenor, choirId } = await choirOfThreeParts(
    browser,
    "sunday",
    "Who Sings Chorale",
    PHONE,
  );
  const playlist = await apiCall<{ id: string }>(
    director.page,
    "POST",
    "/api/playlists",
    { choirId, date: SUNDAY, time: "09:00", title: "Sunday Mass", sections: [] },
    201,
  );

  // The singer's dashboard leads with the service and the question: one tap.
  await alto.page.goto("/dashboard");
  const card = alto.page.getByTestId(`coming-up-${playlist.id}`);
  await card.getByTestId("service-answer-yes").tap();
  await expect(card.getByTestId("service-answer-yes")).toHaveAttribute("aria-pressed", "true");

  // The director sees the altos move.
  await director.page.goto(`/playlists/${playlist.id}`);
  await expect(singing(director, "Alto")).toHaveAttribute("data-yes", "1");
  await expect(singing(director, "Tenor")).toHaveAttribute("data-yes", "0");

  // The singer opens the service from the dashboard; offline, they change their mind: kept, then sent.
  await card.getByRole("link").first().tap();
  await expect(alto.page).toHaveURL(`/playlists/${playlist.id}`);
  await expect(alto.page.getByTestId("availability-answer-yes")).toHaveAttribute("aria-pressed", "true");
  await alto.context.setOffline(true);
  await alto.page.getByTestId("availability-answer-no").tap();
  await expect(alto.page.getByTestId("availability-answer-no")).toHaveAttribute("aria-pressed", "true");
  await expect(alto.page.getByTestId("availability-waiting")).toHaveText(text("en", "availability.waiting"));
  await director.page.reload();
  await expect(singing(director, "Alto")).toHaveAttribute("data-yes", "1");
  await alto.context.setOffline(false);
  await expect(alto.page.getByTestId("availability-waiting")).toHaveCount(0, { timeout: 15_000 });
  await director.page.reload();
  await expect(singing(director, "Alto")).toHaveAttribute("data-yes", "0");
  await expect(director.page.getByTestId("availability-counts")).toContainText("1 not singing");

  // With a note: the director reads it among who answered.
  await alto.page.getByTestId("availability-note-edit").tap();
  await alto.page.getByTestId("availability-note-input").fill("Away visiting my sister");
  await alto.page.getByTestId("availability-note-save").tap();
  await expect(alto.page.getByTestId("availability-note")).toHaveText("Away visiting my sister");
  await pictureInBothLanguages(alto.page, "who-sings-singer", async (p) => {
    await expect(p.getByTestId("availability-note")).toHaveText("Away visiting my sister");
  });

  // The director reminds who has not answered; the tenor answers from the mail, without signing in.
  await director.page.reload();
  await director.page.getByTestId("availability-remind").click();
  await expect(director.page.getByText("Reminders sent to 2 people.")).toBeVisible();
  const mail = await latestMailTo(director.page.request, tenor.user.email);
  expect(mail.subject).toMatch(/^Are you singing on .*, 09:00\? · Who Sings Chorale$/);
  const link = /https?:\/\/\S+\/answer\/[\w-]{43}/.exec(mail.text ?? "")?.[0];
  expect(link, mail.text).toBeTruthy();
  const signedOut = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const inbox = await signedOut.newPage();
  await inbox.goto(new URL(link!).pathname);
  await expect(inbox.getByTestId("answer-page-service")).toContainText("Sunday Mass");
  await pictureInBothLanguages(inbox, "who-sings-mail-link", async (p) => {
    await expect(p.getByTestId("answer-page-maybe")).toBeVisible();
  });
  await inbox.getByTestId("answer-page-maybe").tap();
  await expect(inbox.getByTestId("answer-page-done")).toHaveText(
    text("en", "availability.answerPage.saved").replace(
      "{{answer}}",
      text("en", "availability.status.maybe"),
    ),
  );
  // The link has given its answer: opened again, it says so and asks nothing.
  await inbox.reload();
  await expect(inbox.getByTestId("answer-page-done")).toBeVisible();
  await expect(inbox.getByTestId("answer-page-yes")).toHaveCount(0);
  await signedOut.close();

  // The tenor then phones in: he is coming after all; the director answers for him.
  await director.page.reload();
  await expect(director.page.getByTestId("availability-counts")).toContainText("1 maybe");
  await director.page.getByTestId("availability-who-toggle").click();
  const who = director.page.getByTestId("availability-who");
  await expect(who).toContainText("Away visiting my sister");
  const tenorRow = who.getByTestId("availability-person").filter({ hasText: firstName(tenor) });
  // The menu opens on the click; a click that lands while the list is drawn again after the reload is sent again.
  const answerYes = director.page.getByRole("menuitem", { name: text("en", "availability.status.yes") });
  await expect(async () => {
    if (!(await answerYes.isVisible())) await tenorRow.getByTestId("availability-answer-for").click();
    await expect(answerYes).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await answerYes.click();
  await expect(singing(director, "Tenor")).toHaveAttribute("data-yes", "1");
  await expect(tenorRow).toHaveAttribute("data-status", "yes");
  await pictureInBothLanguages(director.page, "who-sings-director", async (p) => {
    await p.getByTestId("availability-who-toggle").click();
    await expect(p.getByTestId("availability-who")).toBeVisible();
  });

  // At the door, on a phone: all who said yes, then the alto who came after all.
  await director.page.setViewportSize({ width: 390, height: 844 });
  const sheet = director.page.getByRole("dialog");
  const marked = sheet.locator('[data-testid="attendance-person"][aria-checked="true"]');
  await pictureInBothLanguages(director.page, "attendance-sheet", async (p) => {
    await p.getByTestId("attendance-open").click();
    await p.getByRole("dialog").getByTestId("attendance-all-yes").click();
    await expect(p.getByRole("dialog").locator('[aria-checked="true"]')).toHaveCount(1);
  });
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(firstName(tenor));
  await sheet
    .getByTestId("attendance-person")
    .filter({ hasText: firstName(alto) })
    .click();
  await expect(sheet.getByTestId("attendance-count")).toHaveText("2 of 3 here");
  await sheet.getByTestId("attendance-save").click();
  await expect(sheet).toHaveCount(0);
  await expect(director.page.getByTestId("attendance-open")).toContainText("· 2");

  // The report, from the sheet, on the three months up to the service: by part and by person, and its CSV. (The
  // choir's page opens it too, on the three months up to today.)
  await director.page.setViewportSize({ width: 1280, height: 800 });
  await director.page.getByTestId("attendance-open").click();
  await director.page.getByTestId("attendance-report-link").click();
  await expect(director.page).toHaveURL(`/choir/${choirId}/attendance?from=2030-09-01&to=${SUNDAY}`);
  await expect(director.page.getByTestId("attendance-report-services")).toHaveText("1 service");
  const rate = (part: string) =>
    director.page
      .locator(`[data-testid="attendance-report-part"][data-part="${part}"]`)
      .getByTestId("attendance-report-part-rate");
  await expect(rate("Soprano")).toHaveText("0 %");
  await expect(rate("Alto")).toHaveText("100 %");
  await expect(rate("Tenor")).toHaveText("100 %");
  const downloading = director.page.waitForEvent("download");
  await director.page.getByTestId("attendance-report-download").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`attendance-who-sings-chorale-2030-09-01-${SUNDAY}.csv`);
  const csv = (await readFile((await download.path())!)).toString("utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe(`Name,Voice part,${SUNDAY} 09:00 Sunday Mass,Attended,Services,Rate (%)`);
  expect(lines.find((line) => line.startsWith(firstName(alto)))).toMatch(/,Alto,1,1,1,100$/);
  expect(lines.find((line) => line.startsWith(firstName(director)))).toMatch(/,Soprano,0,0,1,0$/);
  await pictureInBothLanguages(director.page, "attendance-report", async (p) => {
    await expect(p.getByTestId("attendance-report-services")).toBeVisible();
  });
  await director.page.goto(`/choir/${choirId}/admin`);
  await director.page.getByTestId("choir-attendance-link").click();
  await expect(director.page).toHaveURL(`/choir/${choirId}/attendance`);
  await expect(director.page.getByTestId("attendance-report-empty")).toBeVisible();

  // Away for a while: the alto answers every service between two dates at once, from the dashboard.
  await alto.page.goto("/dashboard");
  await alto.page.getByTestId("away-open").tap();
  // Typed (a calendar opens under each field; leaving the field closes it).
  for (const [field, day] of [
    ["away-from", "2030-11-25"],
    ["away-to", "2030-12-10"],
  ] as const) {
    await alto.page.getByTestId(field).fill(day);
    await alto.page.getByTestId(field).blur();
  }
  await alto.page.getByTestId("away-maybe").tap();
  await alto.page.getByTestId("away-note").fill("On retreat");
  await alto.page.getByTestId("away-save").tap();
  await expect(alto.page.getByText("Answered 1 service.")).toBeVisible();
  await expect(card.getByTestId("service-answer-maybe")).toHaveAttribute("aria-pressed", "true");

  for (const person of [director, alto, tenor]) await person.context.close();
});

test("a singer keeps their calendar address in Settings: made, shown once, made anew and turned off", async ({
  browser,
}) => {
  const director = await newDirector(browser, "calendar-director", { name: "Calendar Chorale" });
  const page = director.page;
  await page.goto("/settings");
  await page.getByTestId("calendar-make").click();
  const address = await page.getByTestId("calendar-url").inputValue();
  expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await page.request.get(new URL(address).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");

  // Back later: the address is on, not shown again; a new one replaces it.
  await page.reload();
  await expect(page.getByTestId("calendar-active")).toBeVisible();
  await pictureInBothLanguages(page, "settings-calendar", async (p) => {
    await expect(p.getByTestId("calendar-active")).toBeVisible();
  });
  // The address as it is shown once, whole over its lines beside its copy button (made anew after each language's
  // reload; the address itself, random, covered in the picture).
  await pictureInBothLanguages(
    page,
    "settings-calendar-address",
    async (p) => {
      await p.getByTestId("calendar-make").click();
      await expect(p.getByTestId("calendar-url")).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      // The random address wraps over two lines or three as its letters fall: pictured with a fixed one of its form
      // (covered all the same), the field sized again for it, so the picture's height does not depend on chance.
      await p.getByTestId("calendar-url").evaluate((field: HTMLTextAreaElement) => {
        field.value = field.value.replace(/[A-Za-z0-9_-]{43}(?=\.ics$)/, "A".repeat(43));
        window.dispatchEvent(new Event("resize"));
      });
      // The click scrolled the button into view: pictured from the top, the app's bar where it belongs.
      await p.evaluate(() => window.scrollTo(0, 0));
    },
    { mask: (p) => [p.getByTestId("calendar-url")] },
  );
  await page.getByTestId("calendar-make").click();
  const next = await page.getByTestId("calendar-url").inputValue();
  expect(next).not.toBe(address);
  expect((await page.request.get(new URL(address).pathname)).status()).toBe(404);
  await page.getByTestId("calendar-off").click();
  await expect(page.getByTestId("calendar-url")).toHaveCount(0);
  expect((await page.request.get(new URL(next).pathname)).status()).toBe(404);
  await director.context.close();
});
