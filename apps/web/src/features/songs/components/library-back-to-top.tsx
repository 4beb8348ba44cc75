import { ActionIcon, Transition } from "@mantine/core";
import { useReducedMotion, useWindowScroll } from "@mantine/hooks";
import { IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { BACK_TO_TOP_AFTER_PX } from "../library";
import classes from "./library.module.css";

/** Appears once the page is scrolled more than 300 px; takes the reader back up and to the search box. */
export function LibraryBackToTop({ onTop }: { onTop?: () => void }) {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();
  const reduceMotion = useReducedMotion();
  return (
    <Transition
      mounted={scroll.y > BACK_TO_TOP_AFTER_PX}
      transition="slide-up"
      duration={reduceMotion ? 0 : 150}
    >
      {(style) => (
        <ActionIcon
          className={classes.backToTop}
          style={style}
          size={52}
          radius="xl"
          variant="filled"
          aria-label={t("songs.library.backToTop")}
          title={t("songs.library.backToTop")}
          onClick={() => {
            window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
            onTop?.();
          }}
          data-testid="songs-back-to-top"
        >
          <IconArrowUp size={26} aria-hidden="true" />
        </ActionIcon>
      )}
    </Transition>
  );
}
