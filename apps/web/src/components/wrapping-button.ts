import controls from "../app/controls.module.css";

/**
 * Mantine Button `classNames` for a button whose label may be long (a count and a size, a name): the label wraps
 * onto more lines instead of being cut at the button's edge; a label that fits keeps the button's height.
 */
export const wrappingButton = {
  root: controls.wrapRoot,
  inner: controls.wrapInner,
  label: controls.wrapLabel,
};
