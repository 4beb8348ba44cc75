import * as contract from "@choir/contract";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import es from "../locales/es.json";
import { ApiError, NetworkError } from "./api-client";
import { choirChangeErrorMessage, failureMessage, messageText, serverMessage } from "./messages";

const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;

describe("messages", () => {
  it("translates the contract's known server texts and keeps others as they are", () => {
    expect(serverMessage("A choir with this name already exists")).toEqual({
      key: "serverMessages.nameTaken",
    });
    expect(serverMessage("A choir needs at least one administrator")).toEqual({
      key: "serverMessages.lastAdmin",
    });
    expect(serverMessage("Something else")).toEqual({ text: "Something else" });
  });

  it("translates the playlist and template refusals", () => {
    expect(serverMessage("Song already in playlist")).toEqual({
      key: "serverMessages.songAlreadyInPlaylist",
    });
    expect(serverMessage("A playlist already exists for this date")).toEqual({
      key: "serverMessages.playlistDateTaken",
    });
    expect(serverMessage("Cannot delete the default template")).toEqual({
      key: "serverMessages.cannotDeleteDefaultTemplate",
    });
  });

  it("reads every text of the contract's message lists in both languages", () => {
    const lookup = (catalogue: unknown, key: string) =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
    const lists = Object.entries(contract).filter(([name]) => name.endsWith("_MESSAGES"));
    expect(lists.map(([name]) => name).sort()).toEqual([
      "CHOIR_MESSAGES",
      "INVITATION_MESSAGES",
      "PLAYLIST_MESSAGES",
      "SONG_MESSAGES",
      "TEMPLATE_MESSAGES",
    ]);
    for (const [name, list] of lists) {
      for (const text of Object.values(list as Record<string, string>)) {
        const message = serverMessage(text);
        expect(message, `${name}: ${text}`).toHaveProperty("key");
        const key = (message as { key: string }).key;
        expect(typeof lookup(en, key), `${key} in en`).toBe("string");
        expect(typeof lookup(es, key), `${key} in es`).toBe("string");
        expect(lookup(es, key), `${key} is Spanish`).not.toBe(lookup(en, key));
      }
    }
  });

  it("renders keys through the translator and text as it is", () => {
    expect(messageText(t, { key: "a.b", values: { n: 1 } })).toBe('a.b{"n":1}');
    expect(messageText(t, { text: "plain" })).toBe("plain");
  });

  it("reads a failure as network, server message or fallback", () => {
    expect(failureMessage(new NetworkError(new TypeError("x")), "f")).toEqual({ key: "errors.network" });
    expect(failureMessage(new ApiError(500, "Boom", "internal"), "f")).toEqual({ text: "Boom" });
    expect(
      failureMessage(new ApiError(500, "Server error.", "error", [], { hasBodyMessage: false }), "f"),
    ).toEqual({ key: "f" });
    expect(failureMessage("weird", "f")).toEqual({ key: "f" });
  });

  it("joins the errors array of a choir update or delete failure before anything else", () => {
    const error = new ApiError(400, "Invalid body", "validation", ["name: too long", "notes: too long"]);
    expect(choirChangeErrorMessage(error, "choir.edit.updateFailed")).toEqual({
      text: "name: too long, notes: too long",
    });
    expect(choirChangeErrorMessage(new ApiError(403, "Access denied.", "forbidden"), "x")).toEqual({
      text: "Access denied.",
    });
    expect(
      choirChangeErrorMessage(
        new ApiError(502, "Server error.", "error", [], { hasBodyMessage: false }),
        "choir.delete.failed",
      ),
    ).toEqual({ key: "choir.delete.failed" });
  });
});
