import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { directorUser, mockFetchPerTest, renderPage } from "../../../test/render-page";
import { SettingsPage } from "./settings-page";

const fetchMock = mockFetchPerTest();
const show = () => renderPage([{ path: "/settings", element: <SettingsPage /> }], "/settings");

describe("settings", () => {
  it.each(["en", "es"] as const)("promises nothing that is not there (%s)", async (language) => {
    await i18n.changeLanguage(language);
    show();
    const page = await screen.findByTestId("settings-page");
    const shown = page.textContent ?? "";
    expect(shown).not.toMatch(/coming soon|próximamente|on their way|llegarán/i);
    // The one mail a person receives, reminders before a service, is offered with its switch.
    expect(within(page).getByTestId("reminders-switch")).toBeTruthy();
  });

  it("turns one's reminder mails off and on, as the server keeps them", async () => {
    let enabled = true;
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (new URL(url, "http://localhost").pathname === "/api/me/reminders") {
        if (init?.method === "PUT") {
          const body = JSON.parse(String(init.body)) as { enabled: boolean };
          sent.push(body);
          enabled = body.enabled;
        }
        return new Response(JSON.stringify({ enabled }));
      }
      return new Response(JSON.stringify({ message: "Not found", code: "not_found" }), { status: 404 });
    });
    show();
    const toggle = (await screen.findByTestId("reminders-switch")) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ enabled: false }]));
    await waitFor(() => expect(toggle.checked).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ enabled: false }, { enabled: true }]));
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it("shows reminders off when the person turned them off before", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      new URL(url, "http://localhost").pathname === "/api/me/reminders"
        ? new Response(JSON.stringify({ enabled: false }))
        : new Response(JSON.stringify({ message: "Not found", code: "not_found" }), { status: 404 }),
    );
    show();
    const toggle = (await screen.findByTestId("reminders-switch")) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
  });

  it("changes the person's name there and then", async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (new URL(url, "http://localhost").pathname === "/api/me" && init?.method === "PATCH") {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return new Response(
          JSON.stringify({ ...directorUser, ...body, name: `${body.firstName} ${body.lastName}` }),
        );
      }
      return new Response(JSON.stringify({ message: "Not found", code: "not_found" }), { status: 404 });
    });
    show();
    const profile = await screen.findByTestId("settings-profile");
    expect(within(profile).getByTestId("settings-email").textContent).toContain(directorUser.email);
    const first = within(profile).getByTestId("profile-first-name") as HTMLInputElement;
    expect(first.value).toBe("Ana");
    fireEvent.change(first, { target: { value: "  Anabel " } });
    fireEvent.click(within(profile).getByTestId("profile-save"));
    await waitFor(() => expect(sent).toEqual([{ firstName: "Anabel", lastName: "Directora" }]));
  });
});
