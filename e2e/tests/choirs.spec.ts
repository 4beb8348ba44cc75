import { createChoir, newPerson } from "../fixtures/director";
import { invitationLink, latestMailTo } from "../fixtures/mail";
import { pictureInBothLanguages } from "../fixtures/screens";
import { completeOnboarding, signIn, type TestUser, uniqueUser } from "../fixtures/sign-in";
import { expect, test } from "../fixtures/test";
import { ISSUER_CONTROL_URL } from "../fixtures/urls";

test("an administrator renames a choir, invites by e-mail, and promotes, demotes and removes the singer", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await newPerson(browser, "director", "admin");
  await expect(admin.page).toHaveURL(/\/create-choir$/);
  await pictureInBothLanguages(admin.page, "create-choir", async (page) => {
    await expect(page.getByTestId("create-choir-name")).toBeVisible();
  });
  const firstName = "Coro Santa Cecilia";
  const choirId = await createChoir(admin.page, firstName);

  // Escape cancels, Enter saves.
  const renamed = `${firstName} (renamed)`;
  await admin.page.getByTestId("choir-name-edit").click();
  await admin.page.getByTestId("choir-name-input").fill("Not this name");
  await admin.page.getByTestId("choir-name-input").press("Escape");
  await expect(admin.page.getByTestId("choir-name")).toHaveText(firstName);
  await admin.page.getByTestId("choir-name-edit").click();
  await admin.page.getByTestId("choir-name-input").fill(renamed);
  await admin.page.getByTestId("choir-name-input").press("Enter");
  await expect(admin.page.getByTestId("choir-name")).toHaveText(renamed);

  // Invite bob by e-mail: the invitation is listed and the e-mail arrives with a working link.
  const bob: TestUser = uniqueUser("bob");
  await admin.page.getByTestId("invite-email").fill(bob.email);
  await admin.page.getByTestId("invite-submit").click();
  await expect(admin.page.getByTestId(`choir-invitation-${bob.email}`)).toBeVisible();
  await expect(admin.page.getByTestId("invite-email-not-sent")).toHaveCount(0);
  const mail = await latestMailTo(admin.page.request, bob.email);
  expect(mail.subject).toContain(renamed);
  const link = invitationLink(mail);
  const linkContext = await browser.newContext();
  const linkPage = await linkContext.newPage();
  await linkPage.goto(link);
  await expect(linkPage.getByTestId("invite-choir-name")).toHaveText(renamed);
  await expect(linkPage.getByTestId("invite-sign-in")).toBeVisible();
  await pictureInBothLanguages(linkPage, "invite-signed-out", async (page) => {
    await expect(page.getByTestId("invite-choir-name")).toBeVisible();
  });
  await linkContext.close();

  // Bob signs in on his own, sees the invitation on his dashboard and accepts it.
  const bobContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, bob);
  await completeOnboarding(bobPage, "general");
  await expect(bobPage.getByTestId(`invitation-group-${renamed}`)).toBeVisible();
  await pictureInBothLanguages(bobPage, "dashboard-invitations", async (page) => {
    await expect(page.getByTestId(`invitation-accept-${renamed}`)).toBeVisible();
  });
  await bobPage.getByTestId(`invitation-accept-${renamed}`).click();
  await expect(bobPage.getByTestId(`invitation-group-${renamed}`)).toHaveCount(0);
  await expect(bobPage.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  await expect(bobPage.getByTestId("stat-total")).toContainText("1");
  // A singer's dashboard offers no founding of choirs and no "as admin: 0".
  await expect(bobPage.getByTestId("stat-asAdmin")).toHaveCount(0);
  await expect(bobPage.getByTestId("quick-create-choir")).toHaveCount(0);

  // Bob sees the choir read-only.
  await bobPage.goto(`/choir/${choirId}/admin`);
  await expect(bobPage.getByTestId("choir-name")).toHaveText(renamed);
  await expect(bobPage.getByTestId("choir-name-edit")).toHaveCount(0);
  await expect(bobPage.getByTestId("choir-delete")).toHaveCount(0);
  await pictureInBothLanguages(bobPage, "choir-admin-member-view", async (page) => {
    await expect(page.getByTestId("member-list")).toBeVisible();
  });

  // The administrator promotes, demotes and removes him.
  await admin.page.reload();
  const row = (id: string) => admin.page.getByTestId(id);
  await expect(row(`member-${bob.email}`)).toBeVisible();
  await pictureInBothLanguages(admin.page, "choir-admin", async (page) => {
    await expect(page.getByTestId("shareable-links")).toBeVisible();
  });
  await row(`member-promote-${bob.email}`).click();
  await expect(row(`member-demote-${bob.email}`)).toBeVisible();
  await row(`member-demote-${bob.email}`).click();
  await expect(row(`member-promote-${bob.email}`)).toBeVisible();
  await row(`member-remove-${bob.email}`).click();
  await row("confirm-remove").click();
  await expect(row(`member-${bob.email}`)).toHaveCount(0);

  // Removed: the choir is gone from bob's dashboard.
  await bobPage.goto("/dashboard");
  await expect(bobPage.getByTestId(`choir-card-${choirId}`)).toHaveCount(0);
  await bobContext.close();
  await admin.context.close();
});

test("a link for one use admits carol and turns dave away; the administrator sees the limit reached", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await newPerson(browser, "linkadmin", "admin");
  const name = "Coro del Enlace";
  const choirId = await createChoir(admin.page, name);
  await admin.page.getByTestId("link-max-uses").fill("1");
  await admin.page.getByTestId("link-create").click();
  const item = admin.page.getByTestId("link-item").first();
  await expect(item.getByTestId("link-status")).toBeVisible();
  await expect(item).toHaveAttribute("data-status", "active");
  const url = (await item.getByTestId("link-url").textContent())!.trim();
  expect(url).toMatch(/\/invite\/[\w-]+$/);

  // Carol opens it signed out and signs in from the invitation page: she joins (the spec's callback accepts it).
  const carolContext = await browser.newContext();
  const carol = await carolContext.newPage();
  const carolUser = uniqueUser("carol");
  await carol.goto(url);
  await expect(carol.getByTestId("invite-choir-name")).toHaveText(name);
  await carol.request.post(`${ISSUER_CONTROL_URL}/next`, { data: carolUser });
  await carol.getByTestId("invite-sign-in").click();
  await expect(carol).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(carol.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  expect(await carol.evaluate(() => window.sessionStorage.getItem("inviteToken"))).toBeNull();
  await carolContext.close();

  // Dave, signed in, opens the same link: it is used up.
  const dave = await newPerson(browser, "dave", "general");
  await dave.page.goto(url);
  await expect(dave.page.getByTestId("invite-expired")).toBeVisible();
  await pictureInBothLanguages(dave.page, "invite-expired", async (page) => {
    await expect(page.getByTestId("invite-expired")).toBeVisible();
  });
  await expect(dave.page.getByTestId("invite-join")).toHaveCount(0);
  await dave.context.close();

  // The administrator sees the limit reached.
  await admin.page.reload();
  await expect(admin.page.getByTestId("link-item").first()).toHaveAttribute("data-status", "limitReached");
  await expect(admin.page.getByTestId("link-uses").first()).toContainText("1");
  await admin.context.close();
});

test("a signed-in person joins from an invitation link with the join button", async ({ browser }) => {
  const admin = await newPerson(browser, "joinadmin", "admin");
  const name = "Coro Abierto";
  const choirId = await createChoir(admin.page, name);
  await admin.page.getByTestId("link-create").click();
  const url = (await admin.page.getByTestId("link-url").first().textContent())!.trim();

  const erin = await newPerson(browser, "erin", "general");
  await erin.page.goto(url);
  await expect(erin.page.getByTestId("invite-join")).toBeVisible();
  await pictureInBothLanguages(erin.page, "invite-signed-in", async (page) => {
    await expect(page.getByTestId("invite-join")).toBeVisible();
  });
  await erin.page.getByTestId("invite-join").click();
  await expect(erin.page).toHaveURL(/\/dashboard$/);
  await expect(erin.page.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  await pictureInBothLanguages(erin.page, "dashboard-member", async (page) => {
    await expect(page.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  });
  await erin.context.close();
  await admin.context.close();
});

test("invitation pages without a token or with an unknown one say so", async ({ page }) => {
  await page.goto("/invite");
  await expect(page.getByTestId("invite-invalid")).toBeVisible();
  await page.goto("/invite/no-such-token-anywhere");
  await expect(page.getByTestId("invite-not-found")).toBeVisible();
  await pictureInBothLanguages(page, "invite-not-found", async (p) => {
    await expect(p.getByTestId("invite-not-found")).toBeVisible();
  });
});

test("an administrator deletes a choir through the modal; it leaves the dashboard and its data is gone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await newPerson(browser, "deleter", "admin");
  await pictureInBothLanguages(admin.page, "dashboard-empty", async (page) => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("dashboard-empty")).toBeVisible();
  });
  const name = "Coro Efímero";
  const choirId = await createChoir(admin.page, name);
  await admin.page.goto("/dashboard");
  await expect(admin.page.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  await pictureInBothLanguages(admin.page, "dashboard-choirs", async (page) => {
    await expect(page.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  });

  await admin.page.goto(`/choir/${choirId}/admin`);
  // Cancel closes the modal and nothing happens.
  await admin.page.getByTestId("choir-delete").click();
  await expect(admin.page.getByRole("dialog")).toBeVisible();
  await expect(admin.page.getByRole("dialog")).toContainText(name);
  await pictureInBothLanguages(
    admin.page,
    "choir-delete-modal",
    async (page) => {
      if (!(await page.getByRole("dialog").isVisible())) await page.getByTestId("choir-delete").click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
    { fullPage: false },
  );
  await admin.page.getByTestId("choir-delete-cancel").click();
  await expect(admin.page.getByRole("dialog")).toHaveCount(0);

  await admin.page.getByTestId("choir-delete").click();
  await admin.page.getByTestId("choir-delete-confirm").click();
  await expect(admin.page).toHaveURL(/\/dashboard$/);
  await expect(admin.page.getByTestId(`choir-card-${choirId}`)).toHaveCount(0);
  const token = await admin.page.evaluate(() => window.localStorage.getItem("authToken"));
  const gone = await admin.page.request.get(`/api/choirs/${choirId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
  await admin.context.close();
});

test("an administrator who re-sent an invitation three times in an hour is told to wait", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await newPerson(browser, "limitadmin", "admin");
  await createChoir(admin.page, "Coro de la Espera");
  const singer: TestUser = uniqueUser("patient");
  const invite = async (page: typeof admin.page) => {
    await page.getByTestId("invite-email").fill(singer.email);
    await page.getByTestId("invite-submit").click();
  };
  // The first send and two re-sends go out.
  for (let sent = 0; sent < 3; sent++) {
    await invite(admin.page);
    await expect(admin.page.getByTestId(`choir-invitation-${singer.email}`)).toBeVisible();
    await expect(admin.page.getByTestId("invite-email")).toHaveValue("");
  }
  await expect(admin.page.getByTestId("invite-error")).toHaveCount(0);

  // The fourth is refused, and the screen says why and for how long.
  await invite(admin.page);
  await expect(admin.page.getByTestId("invite-error")).toHaveText(
    /^This address has already been sent 3 invitations in the last hour\. Try again in (59|60) minutes\.$/,
  );
  await pictureInBothLanguages(admin.page, "choir-admin-invite-limit", async (page) => {
    await invite(page);
    await expect(page.getByTestId("invite-error")).toBeVisible();
  });
  await admin.context.close();
});
