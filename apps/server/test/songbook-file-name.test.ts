import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, choirWithCast, createTestApp, type TestContext, type TestPerson } from "./helpers.js";

// A songbook's file is named from the playlist's title and date in the reader's language: a built-in template's key
// ("mass", what a playlist planned from the built-in Mass template is called) in words, never as the key.

describe("the songbook's file name in the reader's language", () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let choirId: string;
  let massTemplateId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const cast = await choirWithCast(ctx.app);
    admin = cast.admin;
    choirId = cast.choir.id;
    const templates = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/choirs/${choirId}/playlist-templates`,
        headers: bearer(admin.token),
      })
    ).json() as { id: string; isGlobal: boolean; title: string }[];
    massTemplateId = templates.find((template) => template.isGlobal && template.title === "mass")!.id;
  });
  afterAll(() => ctx?.close());

  const plan = async (body: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/playlists",
      headers: bearer(admin.token),
      payload: { choirId, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const disposition = async (id: string, lang?: string) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/playlists/${id}/pdf?download=1${lang ? `&lang=${lang}` : ""}`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    return response.headers["content-disposition"];
  };

  it("names a playlist titled with the built-in Mass template's key Misa in Spanish and Mass in English", async () => {
    const id = await plan({ date: "2026-12-06", title: "mass", playlistTemplateId: massTemplateId });
    expect(await disposition(id, "es")).toBe(
      `attachment; filename="misa-2026-12-06.pdf"; filename*=UTF-8''misa-2026-12-06.pdf`,
    );
    expect(await disposition(id, "en")).toBe(
      `attachment; filename="mass-2026-12-06.pdf"; filename*=UTF-8''mass-2026-12-06.pdf`,
    );
  });

  it("names an untitled playlist from its built-in template's name, else repertorio / playlist", async () => {
    const fromTemplate = await plan({ date: "2026-12-13", playlistTemplateId: massTemplateId });
    expect(await disposition(fromTemplate, "es")).toContain(`filename="misa-2026-12-13.pdf"`);
    const bare = await plan({ date: "2026-12-20", sections: [] });
    expect(await disposition(bare, "es")).toBe(
      `attachment; filename="repertorio-2026-12-20.pdf"; filename*=UTF-8''repertorio-2026-12-20.pdf`,
    );
    expect(await disposition(bare)).toContain(`filename="playlist-2026-12-20.pdf"`);
  });

  it("keeps a title the choir wrote as written, in either language", async () => {
    const id = await plan({ date: "2026-12-27", title: "Misa del Gallo", sections: [] });
    expect(await disposition(id, "en")).toContain(`filename="misa-del-gallo-2026-12-27.pdf"`);
    expect(await disposition(id, "es")).toContain(`filename="misa-del-gallo-2026-12-27.pdf"`);
  });
});
