import { cleanup, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { InvitePage } from "./invite-page";

const fetchMock = mockFetchPerTest();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const TOKEN = "tok_en-123";

/** The server: the link's details, and who sent it (or a failure for that part). */
function answer(inviter: { inviterName: string | null } | "fails") {
  fetchMock.mockImplementation(async (url: string) => {
    const path = new URL(url, "http://localhost").pathname;
    if (path === `/api/invitations/shareable/${TOKEN}`) {
      return json({
        choirId: TEST_CHOIR_ID,
        choirName: "Harbor Voices",
        expiryDate: "2099-01-01T00:00:00.000Z",
        isActive: true,
      });
    }
    if (path === `/api/invitations/shareable/${TOKEN}/inviter`) {
      return inviter === "fails" ? json({ message: "Busy", code: "busy" }, 503) : json(inviter);
    }
    return json({ message: "Not found", code: "not_found" }, 404);
  });
}

const show = () => renderPage([{ path: "/invite/:token", element: <InvitePage /> }], `/invite/${TOKEN}`);

describe("the invitation page", () => {
  it("says who invites and to which choir", async () => {
    answer({ inviterName: "Ana Directora" });
    show();
    expect((await screen.findByTestId("invite-inviter")).textContent).toBe("Invited by Ana Directora");
    expect(screen.getByTestId("invite-choir-name").textContent).toBe("Harbor Voices");
  });

  it("says it in Spanish", async () => {
    await i18n.changeLanguage("es");
    answer({ inviterName: "Ana Directora" });
    show();
    expect((await screen.findByTestId("invite-inviter")).textContent).toBe("Te invita Ana Directora");
  });

  it("names the choir alone when the sender has no name, or cannot be asked", async () => {
    for (const inviter of [{ inviterName: null }, "fails"] as const) {
      answer(inviter);
      show();
      expect((await screen.findByTestId("invite-choir-name")).textContent).toBe("Harbor Voices");
      expect(screen.queryByTestId("invite-inviter")).toBeNull();
      cleanup();
    }
  });
});
