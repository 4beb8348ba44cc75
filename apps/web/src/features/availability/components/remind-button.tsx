import { Button } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { wrappingButton } from "../../../components/wrapping-button";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { useRemindNow } from "../api";

/** "Remind who has not answered": a mail now to each unanswered member not yet reminded (administrators). */
export function RemindButton({ playlistId }: { playlistId: string }) {
  const { t } = useTranslation();
  const remind = useRemindNow(playlistId);
  const run = async () => {
    try {
      const { sent, held } = await remind.mutateAsync();
      const parts = [
        sent > 0 ? t("availability.remind.sent", { count: sent }) : t("availability.remind.none"),
        held > 0 ? t("availability.remind.held", { count: held }) : null,
      ].filter(Boolean);
      showSuccess(parts.join(" "));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "availability.remind.failed")));
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconMailForward size={18} aria-hidden="true" />}
      onClick={() => void run()}
      loading={remind.isPending}
      data-testid="availability-remind"
      classNames={wrappingButton}
    >
      {t("availability.remind.button")}
    </Button>
  );
}
