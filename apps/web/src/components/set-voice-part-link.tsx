import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * "Set your voice part": the way to the choir's page, where a singer says which part they sing. Shown where the part
 * is missing (the practice player's "My part", sing mode's parts).
 */
export function SetVoicePartLink({ choirId }: { choirId: string }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={`/choir/${encodeURIComponent(choirId)}`}
      fw={600}
      data-testid="set-voice-part"
    >
      {t("practice.setPart")}
    </Anchor>
  );
}
