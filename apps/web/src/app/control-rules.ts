import { createTheme, type MantineThemeOverride, mergeThemeOverrides } from "@mantine/core";
import controls from "./controls.module.css";
import { theme } from "./theme";

/**
 * The theme with the app's rules for its controls (controls.module.css): no text cut off in a badge or a segment,
 * and every control at least 44 px on a touch screen. Apart from theme.ts, which the build's config reads and which
 * must not import a stylesheet.
 */
export const appTheme: MantineThemeOverride = mergeThemeOverrides(
  theme,
  createTheme({
    components: {
      Button: { classNames: { root: controls.button } },
      ActionIcon: { classNames: { root: controls.actionIcon } },
      CloseButton: { classNames: { root: controls.closeButton } },
      Input: { classNames: { wrapper: controls.input } },
      Badge: { classNames: { root: controls.badge, label: controls.wrappingLabel } },
      SegmentedControl: { classNames: { label: `${controls.wrappingLabel} ${controls.segment}` } },
      Tabs: { classNames: { tab: controls.tall } },
      Menu: { classNames: { item: controls.tall } },
      Combobox: { classNames: { option: controls.tall } },
      NavLink: { classNames: { root: controls.tall } },
      Checkbox: { classNames: { body: controls.choice } },
      Radio: { classNames: { body: controls.choice } },
      Switch: { classNames: { body: controls.choice } },
      // Mantine's dates name their parts after the component that draws them.
      ...Object.fromEntries(
        ["Calendar", "DatePicker", "DatePickerInput", "DateInput"].map((name) => [
          name,
          {
            classNames: {
              day: controls.day,
              calendarHeaderControl: controls.dateControl,
              calendarHeaderLevel: controls.dateControl,
              monthsListControl: controls.tall,
              yearsListControl: controls.tall,
            },
          },
        ]),
      ),
    },
  }),
);
