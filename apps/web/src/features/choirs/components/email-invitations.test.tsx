import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { EmailInvitations } from "./email-invitations";

const fetchMock = mockFetchPerTest();
const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), { status });

const invitation = (email: string, status: string, expiryDate: string, token: string) => ({
  invitationToken: token,
  choirId: TEST_CHOIR_ID,
  choirName: "Harbor Voices",
  email,
  status,
  sentAt: "2026-11-20T10:00:00.000Z",
  expiryDate,
});

const LIST = [
  invitation("pending@example.test", "Pending", "2099-01-01T00:00:00.000Z", "tok-pending"),
  invitation("late@example.test", "Pending", "2020-01-01T00:00:00.000Z", "tok-late"),
  invitation("joined@example.test", "Accepted", "2099-01-01T00:00:00.000Z", "tok-joined"),
];

/** The server's answers, and the writes the list sends. */
function answer() {
  const writes: string[] = [];
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const path = new URL(url, "http://localhost").pathname;
    const method = init?.method ?? "GET";
    if (method !== "GET") writes.push(`${method} ${path} ${init?.body ?? ""}`.trim());
    if (path === `/api/choirs/${TEST_CHOIR_ID}/invitations` && method === "GET") return json(LIST);
    if (path === `/api/choirs/${TEST_CHOIR_ID}/invitations` && method === "POST") {
      return json({ ...LIST[1], emailSent: true }, 201);
    }
    if (path.startsWith(`/api/choirs/${TEST_CHOIR_ID}/invitations/`) && method === "DELETE") {
      return json(null, 204);
    }
    return json({ message: "Not found", code: "not_found" }, 404);
  });
  return writes;
}

const show = () =>
  renderPage(
    [{ path: "/choir/:id/admin", element: <EmailInvitations choirId={TEST_CHOIR_ID} /> }],
    `/choir/${TEST_CHOIR_ID}/admin`,
  );

describe("the choir's e-mail invitations", () => {
  it("says pending, expired and joined, and offers sending again and revoking only where it can", async () => {
    answer();
    show();
    const row = (email: string) => screen.findByTestId(`choir-invitation-${email}`);
    const pending = await row("pending@example.test");
    const late = await row("late@example.test");
    const joined = await row("joined@example.test");
    expect(within(pending).getByTestId("invitation-status").textContent).toBe("Pending");
    expect(within(late).getByTestId("invitation-status").textContent).toBe("Expired");
    expect(within(joined).getByTestId("invitation-status").textContent).toBe("Joined");
    for (const open of [pending, late]) {
      expect(within(open).getByTestId("invitation-resend")).toBeTruthy();
      expect(within(open).getByTestId("invitation-revoke")).toBeTruthy();
    }
    expect(within(joined).queryByTestId("invitation-resend")).toBeNull();
    expect(within(joined).queryByTestId("invitation-revoke")).toBeNull();
  });

  it("sends an expired invitation again to its address", async () => {
    const writes = answer();
    show();
    const late = await screen.findByTestId("choir-invitation-late@example.test");
    fireEvent.click(within(late).getByTestId("invitation-resend"));
    await waitFor(() =>
      expect(writes).toEqual([`POST /api/choirs/${TEST_CHOIR_ID}/invitations {"email":"late@example.test"}`]),
    );
  });

  it("revokes a pending invitation once confirmed, and takes it off the list", async () => {
    const writes = answer();
    show();
    const pending = await screen.findByTestId("choir-invitation-pending@example.test");
    fireEvent.click(
      within(pending).getByRole("button", { name: "Revoke the invitation to pending@example.test" }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("pending@example.test");
    expect(writes).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(writes).toEqual([`DELETE /api/choirs/${TEST_CHOIR_ID}/invitations/tok-pending`]),
    );
    await waitFor(() => expect(screen.queryByTestId("choir-invitation-pending@example.test")).toBeNull());
    expect(screen.getByTestId("choir-invitation-late@example.test")).toBeTruthy();
  });
});
