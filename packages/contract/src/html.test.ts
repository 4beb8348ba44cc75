import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html.js";

describe("escapeHtml", () => {
  it("escapes what could open a tag, an entity or a quoted attribute, and leaves other text alone", () => {
    expect(escapeHtml(`Coro <b>"Nuevo"</b> & O'Brien`)).toBe(
      "Coro &lt;b&gt;&quot;Nuevo&quot;&lt;/b&gt; &amp; O&#39;Brien",
    );
    expect(escapeHtml("Canción ¿sí? ñ")).toBe("Canción ¿sí? ñ");
  });

  it("escapes an ampersand once, so an entity already written shows as typed", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
});
