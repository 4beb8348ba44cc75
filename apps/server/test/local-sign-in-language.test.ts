import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./helpers.js";

// The local sign-in page speaks the language the visitor uses the app in: the web app says it (`lang`, carried from
// the start of the sign-in to the page), else the browser's Accept-Language.

describe("the local sign-in page's language", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const start = async (query = "", headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/auth/signin-google${query}`, headers });
    expect(response.statusCode).toBe(302);
    return String(response.headers.location);
  };
  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "GET", url, headers });

  it("is Spanish when the app asks for Spanish, whatever the browser's own header says", async () => {
    const location = await start("?lang=es", { "accept-language": "en-US,en;q=0.9" });
    expect(new URL(location, "http://x").searchParams.get("lang")).toBe("es");
    const answer = await page(location, { "accept-language": "en-US,en;q=0.9" });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<html lang="es">');
    expect(answer.body).toContain("<title>Inicio de sesión local</title>");
    expect(answer.body).toContain("Iniciar sesión como Ana Directora");
    expect(answer.body).toContain("Directora del coro");
    expect(answer.body).not.toContain("Local sign-in");
  });

  it("is English when the app asks for English from a Spanish browser", async () => {
    const location = await start("?lang=en", { "accept-language": "es-ES,es;q=0.9" });
    const answer = await page(location, { "accept-language": "es-ES,es;q=0.9" });
    expect(answer.body).toContain('<html lang="en">');
    expect(answer.body).toContain("Sign in as Ana Directora");
  });

  it("keeps the invitation and the language together", async () => {
    const location = await start("?inviteToken=abc_DEF-123&lang=es");
    expect(new URL(location, "http://x").searchParams.get("lang")).toBe("es");
    expect((await page(location)).body).toContain('<html lang="es">');
  });

  it("follows the browser's Accept-Language without a language from the app, English by default", async () => {
    expect((await page(await start(), { "accept-language": "es-MX,es;q=0.9" })).body).toContain(
      '<html lang="es">',
    );
    expect((await page(await start())).body).toContain('<html lang="en">');
    // The page opened on its own (a bookmark) asks the browser too.
    expect((await page("/api/auth/local?lang=es")).body).toContain('<html lang="es">');
  });

  it("takes a language it does not have as no choice at all", async () => {
    const location = await start("?lang=fr", { "accept-language": "es" });
    expect(new URL(location, "http://x").searchParams.has("lang")).toBe(false);
    expect((await page(location, { "accept-language": "es" })).body).toContain('<html lang="es">');
    expect((await page("/api/auth/local?lang=xx")).body).toContain('<html lang="en">');
  });
});
