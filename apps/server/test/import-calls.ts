import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { bearer, type TestPerson } from "./helpers.js";

/** A file as the web app sends it to an import. */
export interface SentFile {
  name: string;
  content: string;
}

/** A previewed song as these tests read it. */
export interface PreviewedSong {
  title: string;
  artist: string | null;
  key: string | null;
  format: string;
  sections: number;
  duplicateOf?: { songId: string; title: string; artist: string | null };
}

/**
 * The import's calls for a test file: a POST as a person, a preview (200 expected), and an import (200 expected)
 * answered by the ids of the songs it saved. `app` is read at each call (the test's app starts in beforeAll).
 */
export function importCalls(app: () => FastifyInstance) {
  const post = (person: TestPerson, url: string, payload: Record<string, unknown>) =>
    app().inject({ method: "POST", url, headers: bearer(person.token), payload });
  const preview = async (person: TestPerson, files: SentFile[], choirId?: string) => {
    const response = await post(person, "/api/songs/import/preview", { files, choirId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { songs: PreviewedSong[]; digest: string };
  };
  const imported = async (person: TestPerson, payload: Record<string, unknown>) => {
    const response = await post(person, "/api/songs/import", payload);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().results as { songIds: string[] }[]).flatMap((result) => result.songIds);
  };
  return { post, preview, imported };
}
