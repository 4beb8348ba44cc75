import { apiCall } from "../fixtures/api";
import { createChoir, newPerson } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { invitationLink, latestMailTo } from "../fixtures/mail";
import { signIn, uniqueUser } from "../fixtures/sign-in";
import { expect, test } from "../fixtures/test";

// An administrator's e-mail invitations once people answer them some other way: one whose person joined by a link
// reads "Joined", not "Pending"; a pending one can be sent again or revoked, and a revoked link says so. The
// invitation page says who invites.

test("an invitation whose person joined by link reads Joined; a pending one is sent again, then revoked", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await newPerson(browser, "inviting", "admin");
  const choirId = await createChoir(admin.page, "Coro de las Invitaciones");
  const page = admin.page;

  // Two addresses invited by e-mail.
  const joiner = uniqueUser("joiner");
  const other = uniqueUser("other");
  for (const person of [joiner, other]) {
    await page.getByTestId("invite-email").fill(person.email);
    await page.getByTestId("invite-submit").click();
    await expect(page.getByTestId(`choir-invitation-${person.email}`)).toBeVisible();
  }
  const status = (email: string) =>
    page.getByTestId(`choir-invitation-${email}`).getByTestId("invitation-status");
  await expect(status(joiner.email)).toHaveText(text("en", "choir.invitations.status.Pending"));

  // The e-mail's link says who invites, signed out.
  const mail = await latestMailTo(page.request, other.email);
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(invitationLink(mail));
  await expect(visitorPage.getByTestId("invite-inviter")).toHaveText(`Invited by ${admin.user.name}`, {
    timeout: 20_000,
  });
  await visitor.close();

  // The first joins through a shareable link instead of the e-mail.
  const link = await apiCall<{ invitationToken: string }>(
    page,
    "POST",
    "/api/invitations/shareable",
    { choirId },
    201,
  );
  const joinerContext = await browser.newContext();
  const joinerPage = await joinerContext.newPage();
  await signIn(joinerPage, joiner);
  await apiCall(
    joinerPage,
    "POST",
    "/api/invitations/shareable/accept",
    { invitationToken: link.invitationToken },
    200,
  );
  await joinerContext.close();
  await page.reload();
  await expect(status(joiner.email)).toHaveText(text("en", "choir.invitations.status.Accepted"));
  await expect(
    page.getByTestId(`choir-invitation-${joiner.email}`).getByTestId("invitation-revoke"),
  ).toHaveCount(0);

  // The other is sent again, then revoked: gone from the list, and its link no longer works.
  const row = page.getByTestId(`choir-invitation-${other.email}`);
  await row.getByTestId("invitation-resend").click();
  await expect(page.getByText(`The invitation was sent again to ${other.email}.`)).toBeVisible();
  await row.getByTestId("invitation-revoke").click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: text("en", "choir.invitations.revoke") })
    .click();
  await expect(row).toHaveCount(0);
  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto(invitationLink(mail));
  await expect(latePage.getByTestId("invite-not-found")).toBeVisible();
  await late.close();
  await admin.context.close();
});
