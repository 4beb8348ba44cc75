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

/** A track's element as the engine sees it: its place, whether it plays, seeks or has data ahead, set by the test. */
interface MediaState {
  time: number;
  duration: number;
  paused: boolean;
  seeking: boolean;
  readyState: number;
  ended: boolean;
}

/** Makes every audio element a stand-in whose state the test sets; `started` lists each element play() started. */
function fakeMedia() {
  const states = new WeakMap<HTMLMediaElement, MediaState>();
  const started: HTMLMediaElement[] = [];
  const state = (element: HTMLMediaElement) => {
    let known = states.get(element);
    if (!known) {
      known = { time: 0, duration: 20, paused: true, seeking: false, readyState: 4, ended: false };
      states.set(element, known);
    }
    return known;
  };
  const read = <K extends keyof MediaState>(key: K) =>
    vi.spyOn(HTMLMediaElement.prototype, key as "paused", "get").mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      return state(this)[key] as never;
    });
  for (const key of ["duration", "paused", "seeking", "readyState", "ended"] as const) read(key);
  vi.spyOn(HTMLMediaElement.prototype, "currentTime", "get").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return state(this).time;
  });
  // A seek takes its time: the element seeks, without data, until the test says it is done.
  vi.spyOn(HTMLMediaElement.prototype, "currentTime", "set").mockImplementation(function (
    this: HTMLMediaElement,
    time: number,
  ) {
    Object.assign(state(this), { time, seeking: true, readyState: 1, ended: false });
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    state(this).paused = false;
    started.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    state(this).paused = true;
  });
  /** The element's seek done, with data ahead, as the browser tells it. */
  const seekDone = (element: HTMLMediaElement) => {
    Object.assign(state(element), { seeking: false, readyState: 4 });
    element.dispatchEvent(new Event("seeked"));
  };
  return { state, started, seekDone };
}

describe("the practice player's tracks after a seek", () => {
  let frames: FrameRequestCallback[] = [];
  const nextFrame = () => {
    const waiting = frames;
    frames = [];
    for (const frame of waiting) frame(performance.now());
  };
  beforeEach(() => {
    frames = [];
    vi.stubGlobal("requestAnimationFrame", (frame: FrameRequestCallback) => frames.push(frame));
  });

  /** Two tracks of 20 s on stand-in elements, playing. */
  const playing = () => {
    const media = fakeMedia();
    const engine = new PracticeEngine(TRACKS, { fixedVolume: false });
    const tenor = engine.elements.get("tenor")!;
    const alto = engine.elements.get("alto")!;
    engine.play();
    return { media, engine, tenor, alto };
  };

  it("holds every track at the new place until all can play, then starts them in the same task", () => {
    const { media, engine, tenor, alto } = playing();
    expect(media.state(tenor).paused || media.state(alto).paused).toBe(false);
    for (const element of [tenor, alto])
      Object.assign(media.state(element), { seeking: false, readyState: 4 });

    engine.seek(8);
    media.started.length = 0;
    expect([media.state(tenor).paused, media.state(alto).paused]).toEqual([true, true]);
    expect([media.state(tenor).time, media.state(alto).time]).toEqual([8, 8]);
    // The engine's own pause of the master does not stop playback.
    tenor.dispatchEvent(new Event("pause"));
    expect(engine.getSnapshot().isPlaying).toBe(true);

    // The tenor is ready first: it waits for the alto, frame after frame.
    media.seekDone(tenor);
    nextFrame();
    nextFrame();
    expect(media.started).toEqual([]);
    expect(media.state(tenor).paused).toBe(true);

    // The alto's seek is done: both start at once.
    media.seekDone(alto);
    expect(media.started).toEqual([tenor, alto]);
    expect(engine.getSnapshot().isPlaying).toBe(true);
    engine.destroy();
  });

  it("brings a track that drifted too far for a nudge back by holding every track at the master's place", () => {
    const { media, engine, tenor, alto } = playing();
    Object.assign(media.state(tenor), { time: 5, seeking: false, readyState: 4 });
    Object.assign(media.state(alto), { time: 5.06, seeking: false, readyState: 4 });
    media.started.length = 0;
    nextFrame();
    // Neither plays on while the other seeks: both wait at the master's place.
    expect([media.state(tenor).paused, media.state(alto).paused]).toEqual([true, true]);
    expect([media.state(tenor).time, media.state(alto).time]).toEqual([5, 5]);
    expect(engine.getSnapshot().isPlaying).toBe(true);
    media.seekDone(alto);
    nextFrame();
    expect(media.started).toEqual([]);
    media.seekDone(tenor);
    expect(media.started).toEqual([tenor, alto]);
    engine.destroy();
  });

  it("starts the others after a second when a track cannot get ready", () => {
    const media = fakeMedia();
    let now = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const engine = new PracticeEngine(TRACKS, { fixedVolume: false });
    const tenor = engine.elements.get("tenor")!;
    engine.play();
    engine.seek(3);
    media.started.length = 0;
    media.seekDone(tenor);
    now += 900;
    nextFrame();
    expect(media.started).toEqual([]);
    now += 200;
    nextFrame();
    expect(media.started).toContain(tenor);
    engine.destroy();
  });

  it("lets a track as long as the master play to its own end, and silences it once ended", () => {
    const { media, engine, tenor, alto } = playing();
    Object.assign(media.state(tenor), { time: 19.97, seeking: false, readyState: 4 });
    Object.assign(media.state(alto), { time: 19.965, seeking: false, readyState: 4 });
    nextFrame();
    expect(media.state(alto).paused).toBe(false);

    // The alto ends a moment before the master: it waits, and is not started again.
    Object.assign(media.state(alto), { time: 20, paused: true, ended: true });
    media.started.length = 0;
    nextFrame();
    expect(media.started).toEqual([]);
    engine.destroy();
  });
});
