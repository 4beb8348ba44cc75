import { Select } from "@mantine/core";
import { IconMicrophone } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useCurrentUser, voicePartIn } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { voicePartLabel } from "../../../lib/voice-parts";
import { useChoir, useSetVoicePart } from "../api";
import { voicePartChoices } from "./voice-parts";

/**
 * The singer's own voice part in a choir, set on the choir's page by the member themselves: the song sheets mark
 * their lines and the practice player's "My part" brings their track forward.
 */
export function OwnVoicePartSelect({ choirId, className }: { choirId: string; className?: string }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const choir = useChoir(choirId);
  const set = useSetVoicePart(choirId);
  if (!user || !choir.data) return null;
  // The choir's list is the newer reading after a change; the user's choirs say it before the choir has loaded.
  const current =
    choir.data.members.find((member) => member.id === user.id)?.voicePart ?? voicePartIn(user, choirId);

  const change = async (value: string | null) => {
    try {
      await set.mutateAsync({ memberId: user.id, voicePart: value || null });
      showSuccess(
        value ? t("choir.ownPart.saved", { part: voicePartLabel(t, value) }) : t("choir.ownPart.cleared"),
      );
    } catch {
      showError(t("choir.voiceParts.failed"));
    }
  };

  return (
    <Select
      className={className}
      label={t("choir.ownPart.label")}
      placeholder={t("choir.ownPart.placeholder")}
      leftSection={<IconMicrophone size={18} aria-hidden="true" />}
      data={voicePartChoices(choir.data, current).map((part) => ({
        value: part,
        label: voicePartLabel(t, part),
      }))}
      value={current}
      onChange={(value) => void change(value)}
      clearable
      clearButtonProps={{ "aria-label": t("choir.voiceParts.clear") }}
      disabled={set.isPending}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid="own-voice-part"
    />
  );
}
