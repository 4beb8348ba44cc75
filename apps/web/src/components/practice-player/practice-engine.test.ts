import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isVolumeFixed, PracticeEngine } from "./practice-engine";

/** A stand-in for Web Audio: records the gains made, what they are set to, and the context's life. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  readonly destination = { name: "destination" };
  readonly gains: { value: number; source?: HTMLMediaElement }[] = [];
  resumed = 0;
  closed = false;
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createGain() {
    const param = { value: 1 } as { value: number; source?: HTMLMediaElement };
    this.gains.push(param);
    const node = { gain: param, connect: (to: unknown) => to };
    return node;
  }
  createMediaElementSource(element: HTMLMediaElement) {
    return {
      connect: (gain: { gain: { source?: HTMLMediaElement } }) => {
        gain.gain.source = element;
        return gain;
      },
    };
  }
  resume() {
    this.resumed += 1;
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

const TRACKS = [
  { id: "tenor", url: "/api/songs/s/tracks/tenor/audio" },
  { id: "alto", url: "/api/songs/s/tracks/alto/audio" },
];

beforeEach(() => {
  FakeAudioContext.made = [];
  vi.stubGlobal("AudioContext", FakeAudioContext);
  vi.stubGlobal("requestAnimationFrame", () => 0);
  vi.stubGlobal("cancelAnimationFrame", () => undefined);
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const gainOf = (context: FakeAudioContext, engine: PracticeEngine, id: string) =>
  context.gains.find((gain) => gain.source === engine.elements.get(id))?.value;

describe("the practice player's volumes", () => {
  it("where the element's volume is fixed (iPhone), sets them on gain nodes made in the tap that plays", () => {
    const engine = new PracticeEngine(TRACKS, { fixedVolume: true });
    engine.setVolume("tenor", 0.3);
    // No audio context before a gesture: browsers would keep it suspended.
    expect(FakeAudioContext.made).toHaveLength(0);
    expect(engine.getSnapshot().volumes).toEqual({ tenor: 0.3, alto: 1 });

    engine.play();
    expect(FakeAudioContext.made).toHaveLength(1);
    const context = FakeAudioContext.made[0]!;
    expect(context.resumed).toBe(1);
    expect(gainOf(context, engine, "tenor")).toBe(0.3);
    expect(gainOf(context, engine, "alto")).toBe(1);

    engine.setMix({ tenor: 1, alto: 0.25 });
    expect(gainOf(context, engine, "tenor")).toBe(1);
    expect(gainOf(context, engine, "alto")).toBe(0.25);
    engine.setVolume("alto", 1.7);
    expect(gainOf(context, engine, "alto")).toBe(1);
    // The elements themselves are left at full volume: the gains do the mixing.
    for (const element of engine.elements.values()) expect(element.volume).toBe(1);

    // Played again: the same context, resumed, never a second routing of the elements.
    engine.pause();
    engine.play();
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(context.resumed).toBe(2);
    engine.destroy();
    expect(context.closed).toBe(true);
  });

  it("elsewhere sets the elements' own volume and makes no audio context", () => {
    const engine = new PracticeEngine(TRACKS, { fixedVolume: false });
    engine.play();
    engine.setVolume("tenor", 0.4);
    engine.setMix({ alto: 0.25 });
    expect(FakeAudioContext.made).toHaveLength(0);
    expect(engine.elements.get("tenor")!.volume).toBe(0.4);
    expect(engine.elements.get("alto")!.volume).toBe(0.25);
    expect(engine.getSnapshot().volumes).toEqual({ tenor: 0.4, alto: 0.25 });
    engine.destroy();
  });

  it("finds a fixed volume by setting it and reading it back", () => {
    expect(isVolumeFixed()).toBe(false);
    vi.spyOn(HTMLMediaElement.prototype, "volume", "get").mockReturnValue(1);
    vi.spyOn(HTMLMediaElement.prototype, "volume", "set").mockImplementation(() => undefined);
    expect(isVolumeFixed()).toBe(true);
  });
});
