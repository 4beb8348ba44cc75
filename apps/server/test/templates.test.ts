import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playlistTemplates } from "../src/db/schema/index.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

interface Template {
  id: string;
  title: string;
  displayTitle: string;
  description: string | null;
  choirId: string | null;
  isDefault: boolean;
  isGlobal: boolean;
  sections: { id: string; title: string; displayTitle: string; order: number }[];
}

describe("playlist templates", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const list = (person: TestPerson | undefined, choirId: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "GET",
      url: `/api/choirs/${choirId}/playlist-templates`,
      headers: { ...(person ? bearer(person.token) : {}), ...headers },
    });
  const create = (person: TestPerson | undefined, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/playlist-templates",
      headers: person ? bearer(person.token) : {},
      payload,
    });
  const read = (person: TestPerson | undefined, id: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "GET",
      url: `/api/playlist-templates/${id}`,
      headers: { ...(person ? bearer(person.token) : {}), ...headers },
    });
  const update = (person: TestPerson | undefined, id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/playlist-templates/${id}`,
      headers: person ? bearer(person.token) : {},
      payload,
    });
  const remove = (person: TestPerson | undefined, id: string) =>
    ctx.app.inject({
      method: "DELETE",
      url: `/api/playlist-templates/${id}`,
      headers: person ? bearer(person.token) : {},
    });
  const setDefault = (person: TestPerson | undefined, id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/playlist-templates/${id}/set-default`,
      headers: person ? bearer(person.token) : {},
      payload,
    });

  /** Creates a template as `admin` and returns it. */
  async function makeTemplate(admin: TestPerson, choirId: string, title: string, sections = ["One", "Two"]) {
    const response = await create(admin, { choirId, title, sections });
    expect(response.statusCode).toBe(201);
    return response.json() as Template;
  }

  async function globals(person: TestPerson, choirId: string): Promise<Template[]> {
    return (await list(person, choirId)).json().filter((t: Template) => t.isGlobal);
  }

  async function defaultsOf(choirId: string) {
    const rows = await ctx.app.db
      .select({ id: playlistTemplates.id, isDefault: playlistTemplates.isDefault })
      .from(playlistTemplates)
      .where(eq(playlistTemplates.choirId, choirId));
    return rows.filter((row) => row.isDefault).map((row) => row.id);
  }

  describe("built-in templates", () => {
    it("lists the seven built-in templates after the choir's own, Mass first with its nine sections", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const own = await makeTemplate(admin, choir.id, "Youth Mass");
      const response = await list(member, choir.id);
      expect(response.statusCode).toBe(200);
      const templates: Template[] = response.json();
      expect(templates.map((t) => t.title)).toEqual([
        "Youth Mass",
        "mass",
        "generic",
        "service",
        "practice",
        "concert",
        "wedding",
        "funeral",
      ]);
      expect(templates[0]!.id).toBe(own.id);
      const mass = templates[1]!;
      expect(mass).toMatchObject({ choirId: null, isGlobal: true, isDefault: false, displayTitle: "Mass" });
      expect(mass.sections.map((s) => s.title)).toEqual([
        "entrance",
        "penitential",
        "gloria",
        "word",
        "offertory",
        "holy",
        "peace",
        "communion",
        "recessional",
      ]);
      expect(mass.sections.map((s) => s.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(templates.find((t) => t.title === "generic")!.sections.map((s) => s.title)).toEqual(["songs"]);
    });

    it("translates built-in titles and section titles into Spanish with Accept-Language: es", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      await makeTemplate(admin, choir.id, "mass", ["entrance"]);
      const response = await list(admin, choir.id, { "accept-language": "es-ES,es;q=0.9,en;q=0.8" });
      expect(response.headers.vary).toContain("Accept-Language");
      const templates: Template[] = response.json();
      const mass = templates.find((t) => t.isGlobal && t.title === "mass")!;
      expect(mass.displayTitle).toBe("Misa");
      expect(mass.sections.map((s) => s.displayTitle)).toEqual([
        "Entrada",
        "Acto penitencial",
        "Gloria",
        "Liturgia de la Palabra",
        "Ofertorio",
        "Santo",
        "Rito de la paz",
        "Comunión",
        "Salida",
      ]);
      expect(templates.find((t) => t.title === "wedding")!.displayTitle).toBe("Boda");
      // A choir's own template is shown as its authors typed it, even when its title looks like a key.
      const own = templates.find((t) => !t.isGlobal)!;
      expect(own.displayTitle).toBe("mass");
      expect(own.sections[0]!.displayTitle).toBe("entrance");
      const english = (await read(admin, mass.id, { "accept-language": "en-GB" })).json();
      expect(english.displayTitle).toBe("Mass");
      expect(english.sections[0].displayTitle).toBe("Entrance");
    });

    it("lets anyone signed in read a built-in template, and no one change it (403)", async () => {
      const { admin, outsider, choir } = await choirWithCast(ctx.app);
      const mass = (await globals(admin, choir.id))[0]!;
      expect((await read(outsider, mass.id)).statusCode).toBe(200);
      expect((await read(undefined, mass.id)).statusCode).toBe(401);
      const edit = await update(admin, mass.id, { title: "Mine", sections: ["a"] });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe("Built-in templates are read-only.");
      expect((await remove(admin, mass.id)).statusCode).toBe(403);
      expect((await setDefault(admin, mass.id, { isDefault: true })).statusCode).toBe(403);
      expect((await read(admin, mass.id)).json().title).toBe("mass");
    });
  });

  describe("GET /api/choirs/:choirId/playlist-templates", () => {
    it("refuses an outsider (404), an anonymous caller (401) and a malformed id (400)", async () => {
      const { outsider, choir } = await choirWithCast(ctx.app);
      expect((await list(outsider, choir.id)).statusCode).toBe(404);
      expect((await list(undefined, choir.id)).statusCode).toBe(401);
      expect((await list(outsider, "not-a-uuid")).statusCode).toBe(400);
    });
  });

  describe("POST /api/playlist-templates", () => {
    it("creates a template trimmed, blank sections dropped; the choir's first becomes default, later ones not", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const first = await create(admin, {
        choirId: choir.id,
        title: "  Youth Mass ",
        description: "  For the youth choir ",
        sections: [" Entrance ", "   ", "Psalm", "", "Communion", "Sending"],
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        title: "Youth Mass",
        displayTitle: "Youth Mass",
        description: "For the youth choir",
        choirId: choir.id,
        isDefault: true,
        isGlobal: false,
      });
      expect(first.json().sections.map((s: { title: string; order: number }) => [s.title, s.order])).toEqual([
        ["Entrance", 0],
        ["Psalm", 1],
        ["Communion", 2],
        ["Sending", 3],
      ]);
      const second = await create(admin, { choirId: choir.id, title: "Concert", sections: ["Opening"] });
      expect(second.json()).toMatchObject({ isDefault: false, description: null });
      expect(await defaultsOf(choir.id)).toEqual([first.json().id]);
    });

    it("takes sections as objects sorted by their order", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const response = await create(admin, {
        choirId: choir.id,
        title: "Ordered",
        sections: [
          { title: "Third", order: 2 },
          { title: "First", order: 0 },
          { title: "Second", order: 1 },
        ],
      });
      expect(response.json().sections.map((s: { title: string }) => s.title)).toEqual([
        "First",
        "Second",
        "Third",
      ]);
    });

    it("puts the template in the caller's current choir when choirId is omitted", async () => {
      const admin = await signInPerson(ctx.app, "admin");
      const choir = await createChoir(ctx.app, admin);
      const response = await create(admin, { title: "No choir named", sections: ["Songs"] });
      expect(response.statusCode).toBe(201);
      expect(response.json().choirId).toBe(choir.id);
      const loner = await signInPerson(ctx.app, "loner");
      const refused = await create(loner, { title: "Nowhere", sections: ["Songs"] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Choir selection is required");
    });

    it.each([
      [{ title: "   ", sections: ["a"] }, "body.title: Template title is required"],
      [{ title: "T", sections: ["  ", ""] }, "body.sections: At least one section with a title is required"],
      [{ title: "T", sections: [] }, "body.sections: At least one section with a title is required"],
      [{ title: "x".repeat(101), sections: ["a"] }, "body.title"],
      [{ title: "T", sections: ["x".repeat(101)] }, "body.sections.0"],
      [{ title: "T", description: "x".repeat(501), sections: ["a"] }, "body.description"],
      [{ title: "T", sections: Array.from({ length: 51 }, (_, i) => `S${i}`) }, "body.sections"],
      [{ title: "T" }, "body.sections"],
    ])("rejects an invalid template %#", async (payload, error) => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const response = await create(admin, { choirId: choir.id, ...payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.join(" | ")).toContain(error);
    });

    it("accepts the limits exactly: a 100-character title, 500-character description, 50 sections", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const response = await create(admin, {
        choirId: choir.id,
        title: "x".repeat(100),
        description: "d".repeat(500),
        sections: Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(100, "s")),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().sections).toHaveLength(50);
    });

    it("refuses a plain member (403), an outsider (404) and an anonymous caller (401)", async () => {
      const { member, outsider, choir } = await choirWithCast(ctx.app);
      const payload = { choirId: choir.id, title: "T", sections: ["a"] };
      expect((await create(member, payload)).statusCode).toBe(403);
      expect((await create(outsider, payload)).statusCode).toBe(404);
      expect((await create(undefined, payload)).statusCode).toBe(401);
      expect(await defaultsOf(choir.id)).toEqual([]);
    });

    it("makes exactly one of several first templates created at once the default", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          create(admin, { choirId: choir.id, title: `T${i}`, sections: ["a"] }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect(responses.filter((r) => r.json().isDefault)).toHaveLength(1);
      expect(await defaultsOf(choir.id)).toHaveLength(1);
    });
  });

  describe("GET /api/playlist-templates/:id", () => {
    it("shows a choir's template to its members; 404 to an outsider and for an unknown id; 401 anonymous", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      const template = await makeTemplate(admin, choir.id, "Members read");
      const seen = await read(member, template.id);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toEqual(template);
      expect((await read(outsider, template.id)).statusCode).toBe(404);
      expect((await read(member, crypto.randomUUID())).statusCode).toBe(404);
      expect((await read(undefined, template.id)).statusCode).toBe(401);
      expect((await read(member, "nope")).statusCode).toBe(400);
    });
  });

  describe("PUT /api/playlist-templates/:id", () => {
    it("edits title and sections, keeping the ids of sections it names; description omitted keeps, null clears", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const template = await makeTemplate(admin, choir.id, "Before", ["A", "B", "C"]);
      template.description = null;
      const [a, b] = template.sections;
      const edited = await update(admin, template.id, {
        title: " After ",
        description: "Described",
        sections: [{ id: b!.id, title: "B renamed" }, "New", { id: a!.id, title: "A" }, "  "],
      });
      expect(edited.statusCode).toBe(200);
      const body: Template = edited.json();
      expect(body).toMatchObject({ title: "After", description: "Described", isDefault: true });
      expect(body.sections.map((s) => [s.title, s.order])).toEqual([
        ["B renamed", 0],
        ["New", 1],
        ["A", 2],
      ]);
      expect(body.sections[0]!.id).toBe(b!.id);
      expect(body.sections[2]!.id).toBe(a!.id);
      expect(body.sections.map((s) => s.id)).not.toContain(template.sections[2]!.id);

      const kept = await update(admin, template.id, { title: "After", sections: ["Only"] });
      expect(kept.json().description).toBe("Described");
      const cleared = await update(admin, template.id, {
        title: "After",
        description: null,
        sections: ["Only"],
      });
      expect(cleared.json().description).toBeNull();
    });

    it("refuses a section id of another template (400) and an edit leaving no section (400)", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const one = await makeTemplate(admin, choir.id, "One");
      const two = await makeTemplate(admin, choir.id, "Two");
      const foreign = await update(admin, one.id, {
        title: "One",
        sections: [{ id: two.sections[0]!.id, title: "Stolen" }],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors[0]).toContain("body.sections.0.id");
      const empty = await update(admin, one.id, { title: "One", sections: ["  "] });
      expect(empty.statusCode).toBe(400);
      expect((await read(admin, one.id)).json().sections).toEqual(one.sections);
    });

    it("refuses a plain member (403), an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      const template = await makeTemplate(admin, choir.id, "Guarded");
      const payload = { title: "Changed", sections: ["x"] };
      expect((await update(member, template.id, payload)).statusCode).toBe(403);
      expect((await update(outsider, template.id, payload)).statusCode).toBe(404);
      expect((await update(undefined, template.id, payload)).statusCode).toBe(401);
      expect((await update(admin, crypto.randomUUID(), payload)).statusCode).toBe(404);
      expect((await read(admin, template.id)).json().title).toBe("Guarded");
    });
  });

  describe("DELETE /api/playlist-templates/:id", () => {
    it("refuses to delete the default template with 409 and the message in errors[0]", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const template = await makeTemplate(admin, choir.id, "Default one");
      const response = await remove(admin, template.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: "Cannot delete the default template",
        code: "cannot_delete_default",
        errors: ["Cannot delete the default template"],
      });
      expect((await read(admin, template.id)).statusCode).toBe(200);
    });

    it("deletes a template that is not the default; after another is made default, the old one too", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const youth = await makeTemplate(admin, choir.id, "Youth Mass", ["a", "b", "c", "d"]);
      const other = await makeTemplate(admin, choir.id, "Other");
      expect((await remove(admin, youth.id)).statusCode).toBe(409);
      expect((await setDefault(admin, other.id, { IsDefault: true })).statusCode).toBe(200);
      expect((await remove(admin, youth.id)).statusCode).toBe(204);
      expect((await read(admin, youth.id)).statusCode).toBe(404);
      expect((await remove(admin, youth.id)).statusCode).toBe(404);
    });

    it("refuses a plain member (403), an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      await makeTemplate(admin, choir.id, "Default");
      const template = await makeTemplate(admin, choir.id, "Deletable");
      expect((await remove(member, template.id)).statusCode).toBe(403);
      expect((await remove(outsider, template.id)).statusCode).toBe(404);
      expect((await remove(undefined, template.id)).statusCode).toBe(401);
      expect((await read(admin, template.id)).statusCode).toBe(200);
    });
  });

  describe("PUT /api/playlist-templates/:id/set-default", () => {
    it("makes one template default and the others not; accepts isDefault and the spec's IsDefault", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const one = await makeTemplate(admin, choir.id, "One");
      const two = await makeTemplate(admin, choir.id, "Two");
      const three = await makeTemplate(admin, choir.id, "Three");
      const response = await setDefault(admin, two.id, { IsDefault: true });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: two.id, isDefault: true });
      expect(await defaultsOf(choir.id)).toEqual([two.id]);
      await setDefault(admin, three.id, { isDefault: true });
      expect(await defaultsOf(choir.id)).toEqual([three.id]);
      // Setting the default again changes nothing.
      await setDefault(admin, three.id, { isDefault: true });
      expect(await defaultsOf(choir.id)).toEqual([three.id]);
      // The default comes first in the list.
      const listed: Template[] = (await list(member, choir.id)).json();
      expect(listed.filter((t) => !t.isGlobal).map((t) => [t.title, t.isDefault])).toEqual([
        ["Three", true],
        ["One", false],
        ["Two", false],
      ]);
      void one;
    });

    it("clears the flag with isDefault false, which lets the choir's last template be deleted", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const only = await makeTemplate(admin, choir.id, "Only one");
      expect((await remove(admin, only.id)).statusCode).toBe(409);
      const cleared = await setDefault(admin, only.id, { isDefault: false });
      expect(cleared.json().isDefault).toBe(false);
      expect(await defaultsOf(choir.id)).toEqual([]);
      expect((await remove(admin, only.id)).statusCode).toBe(204);
    });

    it("rejects a body that is not a boolean", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const template = await makeTemplate(admin, choir.id, "T");
      expect((await setDefault(admin, template.id, { isDefault: "yes" })).statusCode).toBe(400);
    });

    it("refuses a plain member (403), an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      const first = await makeTemplate(admin, choir.id, "First");
      const second = await makeTemplate(admin, choir.id, "Second");
      expect((await setDefault(member, second.id, { isDefault: true })).statusCode).toBe(403);
      expect((await setDefault(outsider, second.id, { isDefault: true })).statusCode).toBe(404);
      expect((await setDefault(undefined, second.id, { isDefault: true })).statusCode).toBe(401);
      expect(await defaultsOf(choir.id)).toEqual([first.id]);
    });

    it("leaves exactly one default when ten templates are made default at once", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const coAdmin = await signInPerson(ctx.app, "coadmin");
      await addMember(ctx.app, choir.id, coAdmin, "ChoirAdmin");
      const templates: Template[] = [];
      for (let i = 0; i < 10; i++) templates.push(await makeTemplate(admin, choir.id, `Race ${i}`));
      const responses = await Promise.all(
        templates.map((template, i) => setDefault(i % 2 ? coAdmin : admin, template.id, { isDefault: true })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const defaults = await defaultsOf(choir.id);
      expect(defaults).toHaveLength(1);
      const listed: Template[] = (await list(admin, choir.id)).json();
      expect(listed.filter((t) => t.isDefault).map((t) => t.id)).toEqual(defaults);
    });
  });

  it("removes a choir's templates with the choir; the built-in ones stay", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const template = await makeTemplate(admin, choir.id, "Doomed");
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/choirs/${choir.id}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      await ctx.app.db.select().from(playlistTemplates).where(eq(playlistTemplates.id, template.id)),
    ).toEqual([]);
    const other = await createChoir(ctx.app, admin);
    expect(await globals(admin, other.id)).toHaveLength(7);
  });
});
