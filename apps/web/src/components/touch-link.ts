import controls from "../app/controls.module.css";

/**
 * The class of a link that stands on its own (a list's entry, a step to take), not in a run of text: as tall as a
 * finger (44 px) on a touch screen, as it is elsewhere.
 */
export const touchLink = controls.touchLink;
