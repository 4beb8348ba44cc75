/** Time source; tests inject a movable clock to reach expiry paths. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
