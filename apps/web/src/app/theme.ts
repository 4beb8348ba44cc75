import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, rem } from "@mantine/core";

/** A calm deep blue; shades 6 and darker carry white text with at least 4.5:1 contrast. */
const choir: MantineColorsTuple = [
  "#e8f3fa",
  "#d3e5f1",
  "#a6cae3",
  "#76add5",
  "#5a9ccf",
  "#3784c2",
  "#1f6fae",
  "#1c63a0",
  "#125d97",
  "#005186",
];

// The app's own faces (app-fonts.css, docs/decisions/0095) first: the same type on every device and in every test.
// The landing page declares neither, so it keeps the system's face and loads no font file.
const fontFamily =
  '"Choir Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';
const fontFamilyMonospace = '"Choir Mono", ui-monospace, "SFMono-Regular", "Cascadia Mono", Menlo, monospace';

/** Large, high-contrast type: the app is read on music stands at arm's length. */
export const theme = createTheme({
  primaryColor: "choir",
  primaryShade: { light: 7, dark: 8 },
  colors: { choir },
  fontFamily,
  fontFamilyMonospace,
  headings: {
    fontFamily,
    fontWeight: "700",
    sizes: {
      h1: { fontSize: rem(34), lineHeight: "1.2" },
      h2: { fontSize: rem(27), lineHeight: "1.25" },
      h3: { fontSize: rem(22), lineHeight: "1.3" },
      h4: { fontSize: rem(19), lineHeight: "1.35" },
    },
  },
  fontSizes: { xs: rem(15), sm: rem(16), md: rem(18), lg: rem(20), xl: rem(23) },
  lineHeights: { xs: "1.45", sm: "1.5", md: "1.6", lg: "1.6", xl: "1.6" },
  defaultRadius: "md",
  cursorType: "pointer",
  focusRing: "auto",
  components: {
    Button: { defaultProps: { size: "md" } },
    TextInput: { defaultProps: { size: "md" } },
    Card: { defaultProps: { withBorder: true, padding: "lg", radius: "md" } },
    Paper: { defaultProps: { radius: "md" } },
  },
});

/** Mantine's default dimmed text is too faint to read on a stand; use a darker grey in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": t.colors.gray[7],
    "--mantine-color-text": "#1a1b1e",
    "--mantine-color-placeholder": t.colors.gray[6],
  },
  dark: {
    "--mantine-color-dimmed": t.colors.dark[1],
    "--mantine-color-text": t.colors.dark[0],
    "--mantine-color-placeholder": t.colors.dark[2],
  },
});
