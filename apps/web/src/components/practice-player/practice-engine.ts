/**
 * Plays a song's tracks together. One audio element per track, so each keeps the browser's own decoding, streaming
 * (Range requests) and pitch-preserving tempo; the longest track is the clock, and on every frame (and every
 * `timeupdate`, which still comes in a hidden tab) each other track is compared with it and brought back when it
 * drifts: a small drift by nudging its rate for a moment, a large one by a seek (rules in practice.ts).
 *
 * Where the browser ignores an element's volume (Safari on iPhone and iPad, where it is read-only and always full),
 * each element is routed through a Web Audio gain node on the first play (inside the tap that asked, when an audio
 * context may start), and the volumes and the "my part" mix are set on the gains instead.
 */
import { correction, type Loop, loopJump, TEMPO_MAX, TEMPO_MIN } from "./practice";

export interface EngineTrack {
  id: string;
  url: string;
}

export interface EngineSnapshot {
  isPlaying: boolean;
  /** The master's place, seconds. */
  position: number;
  /** The longest track's length, seconds (0 until known). */
  duration: number;
  tempo: number;
  loop: Loop;
  volumes: Record<string, number>;
  muted: Record<string, boolean>;
  /** A track that could not be loaded or played, by id. */
  failed: Record<string, boolean>;
  /** The browser refused to start playback (no user gesture yet). */
  isBlocked: boolean;
}

/** How often the snapshot follows the clock during playback (the position slider and the time). */
const POSITION_EVERY_MS = 100;

/** Whether this browser ignores an audio element's volume (iOS: read-only, always 1). */
export function isVolumeFixed(): boolean {
  try {
    const probe = document.createElement("audio");
    probe.volume = 0.5;
    return Math.abs(probe.volume - 0.5) > 0.01;
  } catch {
    return true;
  }
}

type AudioContextClass = typeof AudioContext;

/** The page's AudioContext class, under its standard or older WebKit name; undefined where there is none. */
function audioContextClass(): AudioContextClass | undefined {
  const scope = window as unknown as {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

export interface EngineOptions {
  /** Set the volumes through gain nodes (found out from the browser when not given). */
  fixedVolume?: boolean;
}

/** The longest the tracks wait, paused, for each other after a seek during playback (ms). */
const SEEK_WAIT_MS = 1000;

export class PracticeEngine {
  readonly elements: ReadonlyMap<string, HTMLAudioElement>;
  private readonly order: string[];
  private readonly nudging = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private snapshot: EngineSnapshot;
  private frame = 0;
  private lastEmit = 0;
  private isDestroyed = false;
  /**
   * While a seek made during playback is under way: when the tracks start whether or not every one is ready
   * (performance.now()). Until then every track waits, paused at the new place, so none sets off ahead of the others.
   */
  private gate: number | null = null;
  private readonly isVolumeFixed: boolean;
  /** The gain per track, once the elements are routed through an audio context (fixed-volume browsers). */
  private graph: { context: AudioContext; gains: Map<string, GainNode> } | null = null;

  constructor(tracks: readonly EngineTrack[], options: EngineOptions = {}) {
    this.isVolumeFixed = options.fixedVolume ?? isVolumeFixed();
    const elements = new Map<string, HTMLAudioElement>();
    for (const track of tracks) {
      const element = document.createElement("audio");
      element.preload = "auto";
      element.preservesPitch = true;
      element.dataset.trackId = track.id;
      element.src = track.url;
      for (const type of ["loadedmetadata", "durationchange", "pause", "play", "ended"] as const) {
        element.addEventListener(type, this.onElementChange);
      }
      element.addEventListener("error", () =>
        this.update({ failed: { ...this.snapshot.failed, [track.id]: true } }),
      );
      element.addEventListener("timeupdate", this.onTimeUpdate);
      for (const type of ["seeked", "canplay"] as const) element.addEventListener(type, this.onReady);
      elements.set(track.id, element);
    }
    this.elements = elements;
    this.order = tracks.map((track) => track.id);
    this.snapshot = {
      isPlaying: false,
      position: 0,
      duration: 0,
      tempo: 1,
      loop: { a: null, b: null },
      volumes: Object.fromEntries(tracks.map((track) => [track.id, 1])),
      muted: Object.fromEntries(tracks.map((track) => [track.id, false])),
      failed: {},
      isBlocked: false,
    };
  }

  // ── For React (useSyncExternalStore) ──

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EngineSnapshot => this.snapshot;

  private update(patch: Partial<EngineSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.lastEmit = performance.now();
    for (const listener of this.listeners) listener();
  }

  // ── The clock ──

  /** The longest track once lengths are known, else the first. */
  private master(): HTMLAudioElement | undefined {
    let best: HTMLAudioElement | undefined;
    for (const id of this.order) {
      const element = this.elements.get(id)!;
      if (this.snapshot.failed[id]) continue;
      if (!best || (Number.isFinite(element.duration) && element.duration > (best.duration || 0)))
        best = element;
    }
    return best;
  }

  private duration(): number {
    const length = this.master()?.duration;
    return length && Number.isFinite(length) ? length : 0;
  }

  private onElementChange = () => {
    if (this.isDestroyed) return;
    const master = this.master();
    // The master ended, or something outside paused it (another app took the audio): playback stops for all.
    // While the tracks wait for a seek, their pause is the engine's own.
    const isPlaying =
      this.snapshot.isPlaying &&
      (this.gate !== null || (!(master?.ended ?? false) && !(master?.paused ?? false)));
    if (this.snapshot.isPlaying && !isPlaying) this.stopPlayback();
    this.update({ duration: this.duration(), position: master?.currentTime ?? 0, isPlaying });
  };

  private onTimeUpdate = () => {
    // rAF stops in a hidden tab; timeupdate goes on (about four times a second), so the loop and the sync still hold.
    if (this.snapshot.isPlaying && document.visibilityState === "hidden") this.tick();
  };

  private onReady = () => {
    if (this.gate !== null && this.snapshot.isPlaying && !this.isDestroyed) this.openGate();
  };

  /** Starts every track together once all can play from the place sought (or the wait is over); false: waiting. */
  private openGate(): boolean {
    if (this.gate === null) return true;
    const time = this.master()?.currentTime ?? 0;
    // A shorter track sought past its end stays silent and is not waited for.
    const waiting = [...this.elements].filter(([id, element]) => {
      const length = element.duration;
      return !this.snapshot.failed[id] && (!Number.isFinite(length) || time < length);
    });
    const isReady = waiting.every(
      ([, element]) => !element.seeking && element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA,
    );
    if (!isReady && performance.now() < this.gate) return false;
    this.gate = null;
    for (const [, element] of waiting) this.start(element);
    return true;
  }

  private tick = () => {
    if (!this.snapshot.isPlaying || this.isDestroyed) return;
    const master = this.master();
    if (!master) return;
    if (!this.openGate()) {
      this.frame = requestAnimationFrame(this.tick);
      return;
    }
    const jump = loopJump(this.snapshot.loop, master.currentTime);
    if (jump !== null) {
      this.seekAll(jump);
    } else {
      this.align(master);
    }
    if (performance.now() - this.lastEmit >= POSITION_EVERY_MS) this.update({ position: master.currentTime });
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.tick);
  };

  /** Brings every other track to the master's place. */
  private align(master: HTMLAudioElement): void {
    const time = master.currentTime;
    // A master still seeking or waiting for data is no clock to follow.
    const isSteady =
      !master.seeking && !master.paused && master.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
    for (const [id, element] of this.elements) {
      if (element === master || this.snapshot.failed[id]) continue;
      const length = element.duration;
      if (element.ended || (Number.isFinite(length) && time >= length)) {
        // A track that has ended (a shorter one, or one as long as the master's a moment early) waits silently for
        // the master to come back within it; a track of the master's length plays to its own end.
        if (!element.paused) element.pause();
        continue;
      }
      if (element.paused) {
        element.currentTime = time;
        this.start(element);
        continue;
      }
      if (!isSteady || element.seeking) continue;
      const drift = element.currentTime - time;
      const fix = correction(drift, this.snapshot.tempo, this.nudging.has(id));
      if (fix.kind === "seek") {
        // Too far for a nudge: every track goes back to the master's place and waits there for the others, as
        // after any seek. A track sought alone while the rest played would fall behind by its own seek's length.
        this.seekAll(time);
        return;
      } else if (fix.kind === "rate") {
        this.nudging.add(id);
        element.playbackRate = fix.rate;
      } else if (this.nudging.delete(id)) {
        element.playbackRate = this.snapshot.tempo;
      }
    }
  }

  private start(element: HTMLAudioElement): void {
    element.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "NotAllowedError") {
        this.stopPlayback();
        this.update({ isPlaying: false, isBlocked: true });
      }
      // An AbortError only says a pause or a new source came first.
    });
  }

  private stopPlayback(): void {
    cancelAnimationFrame(this.frame);
    this.gate = null;
    for (const element of this.elements.values()) element.pause();
    this.resetRates();
  }

  private resetRates(): void {
    this.nudging.clear();
    for (const element of this.elements.values()) element.playbackRate = this.snapshot.tempo;
  }

  // ── Controls ──

  /**
   * Where volumes are fixed: routes every element through its own gain node into one audio context, made and
   * resumed inside the gesture that plays. Without Web Audio (or if routing fails) the tracks play at full volume.
   */
  private connectGains(): void {
    if (!this.isVolumeFixed) return;
    if (this.graph) {
      void this.graph.context.resume().catch(() => undefined);
      return;
    }
    const Context = audioContextClass();
    if (!Context) return;
    try {
      const context = new Context();
      const gains = new Map<string, GainNode>();
      for (const [id, element] of this.elements) {
        const gain = context.createGain();
        gain.gain.value = this.snapshot.volumes[id] ?? 1;
        context.createMediaElementSource(element).connect(gain).connect(context.destination);
        gains.set(id, gain);
      }
      this.graph = { context, gains };
      void context.resume().catch(() => undefined);
    } catch {
      this.graph = null;
    }
  }

  /** A track's volume, on its element or, where the element's is fixed, on its gain node. */
  private applyVolume(id: string, element: HTMLAudioElement, volume: number): void {
    if (!this.isVolumeFixed) {
      element.volume = volume;
      return;
    }
    const gain = this.graph?.gains.get(id);
    if (gain) gain.gain.value = volume;
  }

  /** Starts every track at the master's place in the same task (inside the click that asked, for iOS). */
  play(): void {
    if (this.snapshot.isPlaying || this.elements.size === 0) return;
    this.connectGains();
    const master = this.master();
    let time = master?.currentTime ?? 0;
    if (master?.ended || (this.duration() > 0 && time >= this.duration() - 0.05))
      time = this.snapshot.loop.a ?? 0;
    this.resetRates();
    for (const [id, element] of this.elements) {
      if (this.snapshot.failed[id]) continue;
      const length = element.duration;
      if (Number.isFinite(length) && time >= length) continue;
      if (Math.abs(element.currentTime - time) > 0.001) element.currentTime = time;
    }
    this.update({ isPlaying: true, isBlocked: false, position: time });
    for (const [id, element] of this.elements) {
      if (this.snapshot.failed[id]) continue;
      const length = element.duration;
      if (!Number.isFinite(length) || time < length) this.start(element);
    }
    this.frame = requestAnimationFrame(this.tick);
  }

  pause(): void {
    if (!this.snapshot.isPlaying) return;
    this.stopPlayback();
    this.update({ isPlaying: false, position: this.master()?.currentTime ?? this.snapshot.position });
  }

  toggle(): void {
    if (this.snapshot.isPlaying) this.pause();
    else this.play();
  }

  /**
   * Moves every track to `time`. During playback the tracks wait there, paused, until every one can play (at most
   * SEEK_WAIT_MS), then start in the same task: a track whose seek is slower does not fall behind the others.
   */
  private seekAll(time: number): void {
    this.resetRates();
    const isPlaying = this.snapshot.isPlaying;
    if (isPlaying) this.gate = performance.now() + SEEK_WAIT_MS;
    for (const [id, element] of this.elements) {
      if (this.snapshot.failed[id]) continue;
      const length = element.duration;
      if (isPlaying) element.pause();
      element.currentTime = Number.isFinite(length) ? Math.min(time, length) : time;
    }
    this.update({ position: time });
  }

  seek(time: number): void {
    const length = this.duration();
    this.seekAll(Math.max(0, length > 0 ? Math.min(time, length) : time));
  }

  seekBy(seconds: number): void {
    this.seek((this.master()?.currentTime ?? this.snapshot.position) + seconds);
  }

  /** The master's place now (the snapshot's follows it ten times a second). */
  currentTime(): number {
    return this.master()?.currentTime ?? this.snapshot.position;
  }

  setTempo(tempo: number): void {
    const value = Math.min(TEMPO_MAX, Math.max(TEMPO_MIN, tempo));
    this.snapshot = { ...this.snapshot, tempo: value };
    this.resetRates();
    this.update({});
  }

  setLoop(loop: Loop): void {
    this.update({ loop });
  }

  setVolume(id: string, volume: number): void {
    const element = this.elements.get(id);
    if (!element) return;
    const value = Math.min(1, Math.max(0, volume));
    this.applyVolume(id, element, value);
    this.update({ volumes: { ...this.snapshot.volumes, [id]: value } });
  }

  setMuted(id: string, isMuted: boolean): void {
    const element = this.elements.get(id);
    if (!element) return;
    element.muted = isMuted;
    this.update({ muted: { ...this.snapshot.muted, [id]: isMuted } });
  }

  /** Sets every track's volume at once and unmutes them (a preset). */
  setMix(volumes: Record<string, number>): void {
    const nextVolumes = { ...this.snapshot.volumes };
    const nextMuted = { ...this.snapshot.muted };
    for (const [id, element] of this.elements) {
      const volume = volumes[id];
      if (volume === undefined) continue;
      this.applyVolume(id, element, volume);
      element.muted = false;
      nextVolumes[id] = volume;
      nextMuted[id] = false;
    }
    this.update({ volumes: nextVolumes, muted: nextMuted });
  }

  destroy(): void {
    this.isDestroyed = true;
    cancelAnimationFrame(this.frame);
    void this.graph?.context.close().catch(() => undefined);
    this.graph = null;
    for (const element of this.elements.values()) {
      element.pause();
      element.removeAttribute("src");
      element.load();
      element.remove();
    }
    this.listeners.clear();
  }
}
