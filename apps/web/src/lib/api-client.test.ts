import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, parseErrorResponse } from "./api-client";
import { i18n } from "./i18n";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends the interface language so the server writes e-mails in it", async () => {
    const fetchMock = vi.fn(async () => new Response("[]", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await i18n.changeLanguage("es");
    await apiRequest("/invitations");
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)["Accept-Language"]).toBe("es");
    await i18n.changeLanguage("en");
    await apiRequest("/invitations");
    const next = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect((next.headers as Record<string, string>)["Accept-Language"]).toBe("en");
  });

  it("tells a server message from one derived from the status", async () => {
    const withBody = await parseErrorResponse(
      new Response(JSON.stringify({ message: "Nope", code: "forbidden", errors: ["a"] }), { status: 403 }),
    );
    expect(withBody).toBeInstanceOf(ApiError);
    expect(withBody).toMatchObject({ status: 403, message: "Nope", hasBodyMessage: true, errors: ["a"] });
    const without = await parseErrorResponse(new Response("", { status: 502, statusText: "Bad Gateway" }));
    expect(without).toMatchObject({ status: 502, hasBodyMessage: false, statusText: "Bad Gateway" });
  });
});
