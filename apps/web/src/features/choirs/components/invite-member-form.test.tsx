import { INVITATION_MAIL_LIMITS, INVITATION_MESSAGES } from "@choir/contract";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { InviteMemberForm } from "./invite-member-form";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const fetchMock = mockFetchPerTest();

/** The server's refusal of one more invitation mail, as it sends it. */
const refusal = (code: string, message: string, retryAfterSeconds: number) =>
  new Response(JSON.stringify({ message, code }), {
    status: 429,
    headers: { "content-type": "application/json", "retry-after": String(retryAfterSeconds) },
  });

async function inviteAndRefuse(response: Response) {
  fetchMock.mockResolvedValueOnce(response);
  renderPage(
    [{ path: "/choirs/:id", element: <InviteMemberForm choirId={TEST_CHOIR_ID} /> }],
    `/choirs/${TEST_CHOIR_ID}`,
  );
  fireEvent.change(await screen.findByTestId("invite-email"), { target: { value: "singer@example.com" } });
  fireEvent.click(screen.getByTestId("invite-submit"));
  return (await screen.findByTestId("invite-error")).textContent;
}

const addressLimit = (seconds: number) =>
  refusal(INVITATION_MAIL_LIMITS.addressCode, INVITATION_MESSAGES.addressMailLimit, seconds);
const choirLimit = (seconds: number) =>
  refusal(INVITATION_MAIL_LIMITS.choirCode, INVITATION_MESSAGES.choirMailLimit, seconds);

describe("invitation mail limits in the invite form", () => {
  it("says the address had its 3 invitations this hour and when to try again, in English", async () => {
    expect(await inviteAndRefuse(addressLimit(1150))).toBe(
      "This address has already been sent 3 invitations in the last hour. Try again in 20 minutes.",
    );
  });

  it("says it in Spanish", async () => {
    await i18n.changeLanguage("es");
    expect(await inviteAndRefuse(addressLimit(30))).toBe(
      "A esta dirección ya se le han enviado 3 invitaciones en la última hora. Vuelve a intentarlo dentro de 1 minuto.",
    );
  });

  it("says the choir reached its daily invitations, with the wait in hours", async () => {
    expect(await inviteAndRefuse(choirLimit(22 * 3600 - 40))).toBe(
      `This choir has already sent ${INVITATION_MAIL_LIMITS.perChoirPerDay} invitations in the last 24 hours. Try again in 22 hours.`,
    );
  });

  it("says the daily cap in Spanish", async () => {
    await i18n.changeLanguage("es");
    expect(await inviteAndRefuse(choirLimit(3600))).toBe(
      `Este coro ya ha enviado ${INVITATION_MAIL_LIMITS.perChoirPerDay} invitaciones en las últimas 24 horas. Vuelve a intentarlo dentro de 60 minutos.`,
    );
  });

  it("still reads a refusal without a wait time, in Spanish", async () => {
    await i18n.changeLanguage("es");
    const response = new Response(
      JSON.stringify({
        message: INVITATION_MESSAGES.addressMailLimit,
        code: INVITATION_MAIL_LIMITS.addressCode,
      }),
      { status: 429, headers: { "content-type": "application/json" } },
    );
    expect(await inviteAndRefuse(response)).toBe(
      "A esta dirección ya se le han enviado 3 invitaciones en la última hora. Vuelve a intentarlo más tarde.",
    );
  });
});
